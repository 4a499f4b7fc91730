/*
 * Code generation for the actions that record raw memory: tracemem()
 * and trace() of a struct, union or array.  The bytes are
 * copied into the record with bpf_probe_read_kernel (an expression of
 * aggregate type evaluates to its address, wherever it lives: kernel
 * memory, scratch or the globals map); a bad address faults as any
 * other read does.  The consumer prints them as a hex dump, as Oracle's
 * DTrace does whatever their size (a char array too: only a D string
 * prints as text).
 */
#include "cg.h"

/* Reserve size bytes of the record, 8-byte aligned; the offset. */
static uint32_t out_slot(struct cg *cg, struct node *n, uint32_t size)
{
	return cg_rec_slot(cg, n, size, 8);
}

uint32_t cg_out_slot(struct cg *cg, struct node *n, uint32_t size)
{
	return out_slot(cg, n, size);
}

/* Copy size bytes at the address n evaluates to into the record. */
static void record_bytes(struct cg *cg, struct node *n, uint32_t size,
			 struct dval *v)
{
	int addr = cg_expr(cg, n);
	uint32_t off = out_slot(cg, n, size);
	int keep = ra_alloc(cg);

	emit(cg->e, I_MOV64_REG(keep, addr));
	struct cg_arg args[] = {
		ARG_DCTX(off), ARG_IMM(size),
		ARG_REG(addr),
	};
	int ret = cg_call(cg, BPF_FUNC_probe_read_kernel, args, 3, true);

	cg_fault_if_neg(cg, ret, DFLT_BADADDR, keep);
	ra_free(cg, ret);
	ra_free(cg, keep);
	*v = (struct dval){ .kind = DV_BYTES, .offset = off, .size = size,
			    .type = n->type };
}

/* A 64-bit value of n in the record. */
static void record_int64(struct cg *cg, struct node *n, struct dval *v)
{
	int r = cg_expr(cg, n);
	uint32_t off = out_slot(cg, n, 8);

	emit(cg->e, I_STX_MEM(BPF_DW, REG_DCTX, r,
			      offsetof(struct dctx, scratch) + (int32_t)off));
	ra_free(cg, r);
	*v = (struct dval){ .kind = DV_INT, .is_signed = true, .offset = off,
			    .size = 8, .type = n->type };
}

int cg_output_action(struct cg *cg, struct node *call, enum dfunc f)
{
	struct dact act = { .loc = call->loc };

	switch (f) {
	case DF_TRACE:
		act.kind = DACT_TRACE;
		act.vals = arena_alloc(cg->a, sizeof(struct dval));
		act.nvals = 1;
		record_bytes(cg, call->args, call->args->type->size,
			     &act.vals[0]);
		break;
	case DF_TRACEMEM: {
		struct node *size = call->args->next;

		act.kind = DACT_TRACEMEM;
		act.nvals = size->next ? 2 : 1;
		act.vals = arena_alloc(cg->a, sizeof(struct dval) * 2);
		record_bytes(cg, call->args, (uint32_t)size->ival,
			     &act.vals[0]);
		if (size->next)
			record_int64(cg, size->next, &act.vals[1]);
		break;
	}
	case DF_PRINT:
		cg_print(cg, call, &act);
		break;
	case DF_PCAP:
		cg_pcap(cg, call, &act);
		break;
	default:
		return cg_fail(cg, call, "%s( ) is not supported yet", call->name);
	}
	if (!cg->stmt_done)
		vec_push(&cg->acts, act);
	return 0;
}
