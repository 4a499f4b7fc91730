/*
 * Code generation for print(ptr): the record gets the pointer and the
 * object's bytes, read with bpf_probe_read_kernel (a bad address, NULL
 * included, faults as any other read does).  The consumer formats them
 * by the pointed-to type (runtime/fmt_type.c).  An object larger than
 * CG_PRINT_MAX bytes is recorded in part; the consumer shows "..." where
 * its bytes end.
 */
#include "cg.h"

#define CG_PRINT_MAX	2048

int cg_print(struct cg *cg, struct node *call, struct dact *act)
{
	struct node *n = call->args;
	const struct dtype *t = n->type->base;
	uint32_t size = t->size < CG_PRINT_MAX ? t->size : CG_PRINT_MAX;
	int addr = cg_expr(cg, n);
	uint32_t aoff = cg_out_slot(cg, n, 8);
	uint32_t doff = cg_out_slot(cg, n, size);
	int keep = ra_alloc(cg);

	emit(cg->e, I_STX_MEM(BPF_DW, REG_DCTX, addr,
			      offsetof(struct dctx, scratch) + (int32_t)aoff));
	emit(cg->e, I_MOV64_REG(keep, addr));
	struct cg_arg args[] = {
		ARG_DCTX(doff), ARG_IMM(size), ARG_REG(addr),
	};
	int ret = cg_call(cg, BPF_FUNC_probe_read_kernel, args, 3, true);

	cg_fault_if_neg(cg, ret, DFLT_BADADDR, keep);
	ra_free(cg, ret);
	ra_free(cg, keep);
	act->kind = DACT_PRINT;
	act->nvals = 2;
	act->vals = arena_alloc(cg->a, sizeof(struct dval) * 2);
	act->vals[0] = (struct dval){ .kind = DV_PTR, .offset = aoff,
				      .size = 8, .type = n->type };
	act->vals[1] = (struct dval){ .kind = DV_BYTES, .offset = doff,
				      .size = size, .type = t };
	return 0;
}
