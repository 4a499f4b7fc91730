/*
 * Code generation for casts.  Values are computed in 64 bits, and a cast
 * narrows one only where DTrace's dt_cg_typecast does: to a narrower
 * type, to the other signedness at the same width, or from a signed
 * type to a wider unsigned one; (long)(uchar_t)(254 + 3) is 1, but
 * (int)(x + y) of two ints keeps a sum that overflowed 32 bits until it
 * is stored.  A cast of a pointer to an integer must
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

static bool cast_narrows(const struct dtype *from, const struct dtype *to)
{
	if (!type_is_int(from) || to->is_bool)
		return true;
	if (to->size != from->size)
		return to->size < from->size ||
		       (!to->is_signed && from->is_signed);
	return to->is_signed != from->is_signed;
}

int cg_cast(struct cg *cg, struct node *n)
{
	int r = cg_expr_to(cg, n->lhs, n->type);

	if (type_is_scalar(n->type) && type_is_string(n->lhs->type))
		cg_str_to_int(cg, n->lhs, r);	/* NULL is 0 */
	if (type_is_int(n->type) && is_address(n->lhs->type)) {
		int16_t off = (int16_t)(offsetof(struct dctx, scratch) +
					cg_scratch(cg, 8));

		emit(cg->e, I_STX_MEM(BPF_DW, REG_DCTX, r, off));
		emit(cg->e, I_LDX_MEM(BPF_DW, r, REG_DCTX, off));
	}
	if (cast_narrows(n->lhs->type, n->type))
		cg_normalize(cg, r, n->type);
	return r;
}
