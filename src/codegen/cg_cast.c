/*
 * Code generation for casts.  An integer cast keeps the value
 * normalised to its new type.  A cast of a pointer to an integer must
 * also give the verifier a plain number: a pointer into map memory (a
 * translated curcpu, a string in scratch) stays a tracked pointer in
 * its register, and shifting, masking or multiplying it is refused.
 * Stored into scratch and loaded back, it is a scalar (map memory does
 * not keep the types of what is spilled into it).
 */
#include "cg.h"

#include "dctx.h"

static bool is_address(const struct dtype *t)
{
	return t && (t->kind == DT_PTR || t->kind == DT_ARRAY ||
		     t->kind == DT_STRING);
}

int cg_cast(struct cg *cg, struct node *n)
{
	int r = cg_expr(cg, n->lhs);

	if (type_is_int(n->type) && is_address(n->lhs->type)) {
		int16_t off = (int16_t)(offsetof(struct dctx, scratch) +
					cg_scratch(cg, 8));

		emit(cg->e, I_STX_MEM(BPF_DW, REG_DCTX, r, off));
		emit(cg->e, I_LDX_MEM(BPF_DW, r, REG_DCTX, off));
	}
	cg_normalize(cg, r, n->type);
	return r;
}
