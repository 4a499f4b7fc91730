/*
 * Runtime faults: a clause that reads a bad address, divides by zero
 * and the like stops, records nothing, and leaves a fault record for the
 * consumer, which prints DTrace's "error on enabled probe" message.
 * Tracing goes on.  Faults are rare, so the code that writes the record
 * is out of line after a conditional jump, never on the hot path.
 */
#include "../providers/provider.h"
#include "cg.h"

/*
 * The fault record is built where the clause's own record starts: a
 * fault abandons the clause, its record is never sent, and ERROR reads
 * the fault's arguments before its clauses build theirs there.  So the
 * fault sites of a clause, one per memory read, take no scratch.
 */
static void fault(struct cg *cg, enum dfault kind, int addr_reg, bool dif)
{
	uint32_t off = 0;
	int s = offsetof(struct dctx, scratch) + (int32_t)off;
	int f = s + (int)sizeof(struct rec_hdr);
	int r = ra_alloc(cg);

	if (addr_reg >= 0)
		emit(cg->e, I_STX_MEM(BPF_DW, REG_DCTX, addr_reg,
				      f + offsetof(struct rec_fault, addr)));
	else
		emit(cg->e, I_ST_MEM(BPF_DW, REG_DCTX,
				     f + offsetof(struct rec_fault, addr), 0));
	emit(cg->e, I_ST_MEM(BPF_W, REG_DCTX, s + offsetof(struct rec_hdr, epid),
			     REC_EPID_FAULT));
	emit(cg->e, I_LDX_MEM(BPF_W, r, REG_DCTX, offsetof(struct dctx, prid)));
	emit(cg->e, I_STX_MEM(BPF_W, REG_DCTX, r, s + offsetof(struct rec_hdr, prid)));
	emit(cg->e, I_ST_MEM(BPF_W, REG_DCTX, f + offsetof(struct rec_fault, epid),
			     cg->stmt->epid));
	emit(cg->e, I_ST_MEM(BPF_W, REG_DCTX, f + offsetof(struct rec_fault, action),
			     cg->action));
	emit(cg->e, I_ST_MEM(BPF_W, REG_DCTX, f + offsetof(struct rec_fault, clause),
			     (int32_t)cg->clause_index));
	emit(cg->e, I_ST_MEM(BPF_W, REG_DCTX, f + offsetof(struct rec_fault, fault),
			     kind));
	emit(cg->e, I_ST_MEM(BPF_W, REG_DCTX, f + offsetof(struct rec_fault, pc),
			     dif ? (int32_t)emit_pos(cg->e) :
				   (int32_t)REC_FAULT_NOPC));
	emit(cg->e, I_ST_MEM(BPF_W, REG_DCTX, s + offsetof(struct rec_hdr, spec),
			     cg_error_inline(cg) ? REC_FAULT_FIRED : 0));
	ra_free(cg, r);
	if (cg->at && cg->at->prov_stem) {
		/* the message names the probe of the process that fired */
		r = cg_call(cg, BPF_FUNC_get_current_pid_tgid, NULL, 0, true);
		emit(cg->e, I_ALU64_IMM(BPF_RSH, r, 32));
		emit(cg->e, I_STX_MEM(BPF_W, REG_DCTX, r,
				      f + offsetof(struct rec_fault, pid)));
		ra_free(cg, r);
	} else {
		emit(cg->e, I_ST_MEM(BPF_W, REG_DCTX,
				     f + offsetof(struct rec_fault, pid), 0));
	}
	r = cg_call(cg, BPF_FUNC_get_smp_processor_id, NULL, 0, true);
	emit(cg->e, I_STX_MEM(BPF_W, REG_DCTX, r, s + offsetof(struct rec_hdr, cpu)));
	ra_free(cg, r);
	struct cg_arg args[] = { ARG_MAP(DMAP_RINGBUF), ARG_DCTX(off),
				 ARG_IMM(sizeof(struct rec_hdr) + sizeof(struct rec_fault)),
				 ARG_IMM(0) };

	cg_call(cg, BPF_FUNC_ringbuf_output, args, 4, false);
	cg_error_call(cg, f);	/* cg_error.c */
	emit_ja(cg->e, cg->clause_end);
}

void cg_fault(struct cg *cg, enum dfault kind, int addr_reg)
{
	fault(cg, kind, addr_reg, true);
}

/* DTrace faults while copying a recorded value name no DIF offset */
void cg_fault_record(struct cg *cg, enum dfault kind, int addr_reg)
{
	fault(cg, kind, addr_reg, false);
}

void cg_fault_if_neg(struct cg *cg, int reg, enum dfault kind, int addr_reg)
{
	int ok = emit_label_new(cg->e);

	emit_jmp_imm(cg->e, BPF_JSGE, reg, 0, ok);
	cg_fault(cg, kind, addr_reg);
	emit_label_place(cg->e, ok);
}
