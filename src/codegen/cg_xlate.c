/*
 * Code generation for an xlate used as a whole value: xlate<T>(x) is a
 * struct, xlate<T *>(x) a pointer to one, and either is built in dctx
 * scratch from every member the translator defines (sema has left their
 * checked expressions in n->args, xlate.c); members it does not define
 * are zero.  The value is the struct's address, as for any struct, so
 * this->p = xlate<psinfo_t *>(curthread); this->p->pr_pid reads it back
 * within the clause.  xlate<T>(x).m never comes here: sema makes it the
 * member's expression alone.
 */
#include "cg.h"

static const int size_op[] = { [1] = BPF_B, [2] = BPF_H, [4] = BPF_W, [8] = BPF_DW };

/* copy size bytes (a string's at most) from the address in src (freed)
 * to dctx offset dst, faulting on a bad address */
static void copy_in(struct cg *cg, int32_t dst, uint32_t size, int src,
		    bool str)
{
	int keep = ra_alloc(cg);

	emit(cg->e, I_MOV64_REG(keep, src));
	struct cg_arg args[] = { ARG_DCTX(dst), ARG_IMM(size), ARG_REG(src) };
	int ret = cg_call(cg, str ? BPF_FUNC_probe_read_kernel_str :
				    BPF_FUNC_probe_read_kernel, args, 3, true);

	cg_fault_if_neg(cg, ret, DFLT_BADADDR, keep);
	ra_free(cg, ret);
	ra_free(cg, keep);
}

static void store_member(struct cg *cg, struct node *a, uint32_t base)
{
	const struct dtype *t = a->type;
	uint32_t at = base + (uint32_t)(a->ival / 8);
	int r = cg_expr(cg, a->rhs);

	if (type_is_scalar(t)) {
		uint32_t sz = t->kind == DT_PTR ? 8 : t->size;

		emit(cg->e, I_STX_MEM(size_op[sz], REG_DCTX, r,
				      (int16_t)(offsetof(struct dctx, scratch) + at)));
		ra_free(cg, r);
		return;
	}
	/* a char array from a string or char array; a struct or array
	 * from the object at the address its value is */
	bool str = t->kind == DT_ARRAY && type_is_char(t->base);

	copy_in(cg, (int32_t)at, t->size, r, str);
}

int cg_xlate(struct cg *cg, struct node *n)
{
	const struct dtype *t = n->type->kind == DT_PTR ? n->type->base : n->type;
	uint32_t size = (t->size + 7) & ~7u;
	uint32_t base = cg_scratch(cg, size);
	int32_t at = (int32_t)(offsetof(struct dctx, scratch) + base);

	for (uint32_t i = 0; i < size; i += 8)
		emit(cg->e, I_ST_MEM(BPF_DW, REG_DCTX, (int16_t)(at + i), 0));
	for (struct node *a = n->args; a; a = a->next)
		store_member(cg, a, base);
	int r = ra_alloc(cg);

	emit(cg->e, I_MOV64_REG(r, REG_DCTX));
	emit(cg->e, I_ALU64_IMM(BPF_ADD, r, at));
	return r;
}
