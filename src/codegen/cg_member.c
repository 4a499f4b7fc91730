/*
 * Code generation for expressions about memory: member access (. ->),
 * unary * and &, kernel symbols, and stringof.  Sema has already turned
 * subscripts and pointer arithmetic into + and * (sema_mem.c), so the
 * only reads of memory are here.
 *
 * The value of an expression of struct, union or array type is the
 * address of the object.  Scalars are read with bpf_probe_read_kernel
 * into scratch, whatever memory they are in (kernel objects, or the
 * globals map for a script's own structs and arrays), and a failed read
 * faults as DTrace does: "invalid address (0x...)", the clause
 * abandoned and tracing continuing.
 */
#include "cg.h"

#include "../compile/lex.h"
#include "../runtime/options.h"

static const int size_op[] = { [1] = BPF_B, [2] = BPF_H, [4] = BPF_W, [8] = BPF_DW };

/* a string member (of a D struct) is its bytes, like a char array */
static bool is_aggregate(const struct dtype *t)
{
	return type_is_sou(t) || t->kind == DT_ARRAY || t->kind == DT_FUNC ||
	       type_is_string(t) || type_is_ldouble(t);
}

static uint32_t scalar_size(const struct dtype *t)
{
	if (t->kind == DT_PTR)
		return 8;
	return t->size == 1 || t->size == 2 || t->size == 4 ? t->size : 8;
}

/*
 * Read size bytes at the address in addr (freed) into a fresh register,
 * faulting on a bad address; the value is zero-extended.
 */
static int read_mem(struct cg *cg, int addr, uint32_t size)
{
	uint32_t off = cg_scratch(cg, 8);
	int r = ra_alloc(cg);

	emit(cg->e, I_MOV64_REG(r, REG_DCTX));
	emit(cg->e, I_ALU64_IMM(BPF_ADD, r, offsetof(struct dctx, scratch) + off));
	cg_sou_copy(cg, r, size, addr);	/* cg_sou.c */
	emit(cg->e, I_LDX_MEM(size_op[size], r, REG_DCTX,
			      offsetof(struct dctx, scratch) + off));
	return r;
}

/* The value of type t at the address in addr (freed). */
static int load(struct cg *cg, int addr, const struct dtype *t)
{
	if (is_aggregate(t))
		return addr;
	int r = read_mem(cg, addr, scalar_size(t));

	cg_normalize(cg, r, t);
	return r;
}

/* A bit-field of `bits` bits at bit `bit` from the address in addr. */
static int load_bits(struct cg *cg, int addr, uint32_t bit, uint32_t bits,
		     const struct dtype *t)
{
	uint32_t first = bit / 8, span = (bit % 8 + bits + 7) / 8;
	uint32_t size = span <= 1 ? 1 : span <= 2 ? 2 : span <= 4 ? 4 : 8;

	if (first)
		emit(cg->e, I_ALU64_IMM(BPF_ADD, addr, first));
	int r = read_mem(cg, addr, size);

	/* little-endian: the field's low bit is bit % 8 of the first byte */
	emit(cg->e, I_ALU64_IMM(BPF_LSH, r, 64 - (bit % 8) - bits));
	emit(cg->e, I_ALU64_IMM(t->is_signed ? BPF_ARSH : BPF_RSH, r, 64 - bits));
	return r;
}

/* p->m of a NULL p faults at address 0, as DTrace for Linux checks the
 * pointer first (not at the member's address) */
static int ptr_base(struct cg *cg, struct node *n)
{
	int r = cg_expr(cg, n->lhs);

	if (n->kind == NK_PTRMEMBER) {
		int ok = emit_label_new(cg->e);

		emit_jmp_imm(cg->e, BPF_JNE, r, 0, ok);
		cg_fault(cg, DFLT_BADADDR, r);
		emit_label_place(cg->e, ok);
	}
	return r;
}

/* The address of object n (an lvalue sema_mem.c accepted). */
static int cg_addr(struct cg *cg, struct node *n)
{
	int r;

	switch (n->kind) {
	case NK_SYMBOL:
		if (!cg_ksym_linked(cg, n))
			return R8;
		r = ra_alloc(cg);
		emit_ld_imm64(cg->e, r, n->ival);
		return r;
	case NK_UNARY:		/* *p: the pointer's value */
		if (cg_store_is_elem(n))	/* cg_store.c */
			return cg_store_elem_addr(cg, n);
		return cg_expr(cg, n->lhs);
	case NK_MEMBER: case NK_PTRMEMBER:
		/* s.m: s (a struct) is its address; p->m: p's value */
		r = ptr_base(cg, n);
		if (n->ival / 8)
			emit(cg->e, I_ALU64_IMM(BPF_ADD, r, (int32_t)(n->ival / 8)));
		return r;
	default:
		return cg_fail(cg, n, "the address of this expression is not supported yet"), R8;
	}
}

/* Is n (. or ->) a member of alloca()'d memory: p->m or (*p).m? */
static bool alloca_member(const struct node *n)
{
	const struct node *s = n->lhs;

	if (n->kind == NK_PTRMEMBER)
		return s->alloca;
	return s->alloca || (s->kind == NK_UNARY && s->op == TK_STAR &&
			     s->lhs->alloca);
}

static int member(struct cg *cg, struct node *n)
{
	if (!n->slen) {
		int addr = cg_addr(cg, n);

		/* held to the alloca()'d memory as *p is (cg_mem_expr) */
		if (alloca_member(n) && !is_aggregate(n->type))
			addr = cg_scratch_dest(cg, addr, scalar_size(n->type));
		return load(cg, addr, n->type);
	}
	int r = ptr_base(cg, n);

	return load_bits(cg, r, (uint32_t)n->ival, (uint32_t)n->slen, n->type);
}

/* stringof(x), and char arrays where D wants a string */
static int stringof(struct cg *cg, struct node *n)
{
	const struct dtype *t = n->lhs->type;
	uint32_t strsize = dopts_strbytes(cg->opts), size = strsize;

	if (type_is_string(t))
		return cg_expr(cg, n->lhs);
	/* an array holds at most its own bytes: never read past it */
	if (t->kind == DT_ARRAY && t->nelems + 1 < size)
		size = t->nelems + 1;
	int src = cg_expr(cg, n->lhs);
	uint32_t off = cg_scratch(cg, strsize);
	int keep = ra_alloc(cg), len = -1;

	emit(cg->e, I_MOV64_REG(keep, src));
	/* alloca()'d memory: up to its end, where no NUL may be */
	if (n->lhs->alloca) {
		len = cg_alloca_rest(cg, src, size - 1);
		emit(cg->e, I_ALU64_IMM(BPF_ADD, len, 1));
	}
	struct cg_arg args[] = { ARG_DCTX(off),
				 len < 0 ? ARG_IMM(size) : ARG_REG(len),
				 ARG_REG(src) };
	int ret = cg_call(cg, BPF_FUNC_probe_read_kernel_str, args, 3, true);

	cg_fault_if_neg(cg, ret, DFLT_BADADDR, keep);
	ra_free(cg, ret);
	ra_free(cg, keep);
	int r = ra_alloc(cg);

	emit(cg->e, I_MOV64_REG(r, REG_DCTX));
	emit(cg->e, I_ALU64_IMM(BPF_ADD, r, offsetof(struct dctx, scratch) + off));
	return r;
}

int cg_mem_expr(struct cg *cg, struct node *n)
{
	switch (n->kind) {
	case NK_MEMBER: case NK_PTRMEMBER:
		return member(cg, n);
	case NK_SYMBOL:
		return load(cg, cg_addr(cg, n), n->type);
	case NK_STRINGOF:
		return stringof(cg, n);
	case NK_UNARY: {
		if (n->op == TK_AMP)
			return cg_addr(cg, n->lhs);
		int addr = cg_addr(cg, n);

		/* *p and p[i] of alloca()'d memory read only within it,
		 * as DTrace checks alloca pointers (cg_subr_mem.c) */
		if (n->lhs->alloca && !is_aggregate(n->type))
			addr = cg_scratch_dest(cg, addr, scalar_size(n->type));
		return load(cg, addr, n->type);
	}
	default:
		return cg_fail(cg, n, "%s is not supported yet",
			       node_kind_name(n->kind)), R8;
	}
}
