/*
 * long double values in records.  A long double is 16 bytes (x86-64's
 * 80-bit x87 format, padded) that no register holds, so D passes it by
 * address as DTrace does for any float wider than 8 bytes: variables
 * and members copy it whole like a struct (cg_sou.c), and trace() and
 * printf() record its bytes, which the consumer reads back as the C
 * compiler's long double (runtime/fmt_float.c).  docs/design.md,
 * "Program-level checks, floating point".
 */
#include "cg.h"

void cg_ldouble_record(struct cg *cg, struct node *n, struct dval *v)
{
	uint32_t size = n->type->size;
	int src = cg_expr(cg, n);
	uint32_t off = cg_out_slot(cg, n, size);	/* cg_output.c */
	int dst = ra_alloc(cg);

	emit(cg->e, I_MOV64_REG(dst, REG_DCTX));
	emit(cg->e, I_ALU64_IMM(BPF_ADD, dst,
				offsetof(struct dctx, scratch) + (int32_t)off));
	cg_sou_copy(cg, dst, size, src);	/* frees src */
	ra_free(cg, dst);
	*v = (struct dval){ .kind = DV_FLOAT, .offset = off, .size = size,
			    .type = n->type };
}
