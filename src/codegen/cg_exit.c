/*
 * exit() and the tracing state.  As in DTrace, exit() ends tracing once:
 * the first exit() moves the state from warm-up (BEGIN) or active to
 * draining with one compare-and-exchange, and a later one, in the same
 * firing or on another CPU, finds the state draining and its clause is
 * dropped, so the status dtrace returns is the first exit()'s.  From
 * then on no clause runs but END's: probes check the state in their
 * prologue, and within one firing every clause after one that calls
 * exit() checks it again (cg_exit_guard).  END fires in the cool-down
 * state, where exit() records its status without any of this.
 */
#include "cg.h"

#include <string.h>

#include "../providers/provider.h"

/* Is this program the one of the dtrace provider's END probe? */
static bool attach_is_end(const struct cg *cg)
{
	const struct probe *p = cg->at->nprobes ? cg->at->probes[0] : NULL;

	return p && strcmp(p->provname, "dtrace") == 0 &&
	       strcmp(p->name, "END") == 0;
}

void cg_exit_drain(struct cg *cg)
{
	int p = ra_alloc(cg), want = ra_alloc(cg), to = ra_alloc(cg);
	int done = emit_label_new(cg->e);

	cg->exit_seen = true;
	emit_ld_map_value(cg->e, p, DMAP_STATE, 0);
	emit(cg->e, I_LDX_MEM(BPF_W, R0, p, 0));
	emit_jmp_imm(cg->e, BPF_JEQ, R0, DSTATE_COOLDOWN, done);
	/* another exit() ended tracing first: this clause is dropped */
	emit_jmp_imm(cg->e, BPF_JEQ, R0, DSTATE_DRAINING, cg->clause_end);
	emit(cg->e, I_MOV64_REG(want, R0));
	emit(cg->e, I_MOV64_IMM(to, DSTATE_DRAINING));
	emit(cg->e, I_ATOMIC_CMPXCHG(BPF_W, p, to, 0));
	emit_jmp_reg(cg->e, BPF_JNE, R0, want, cg->clause_end);
	emit_label_place(cg->e, done);
	ra_free(cg, to);
	ra_free(cg, want);
	ra_free(cg, p);
}

void cg_exit_guard(struct cg *cg)
{
	int r;

	if (!cg->exit_seen || attach_is_end(cg))
		return;
	r = ra_alloc(cg);
	emit_ld_map_value(cg->e, r, DMAP_STATE, 0);
	emit(cg->e, I_LDX_MEM(BPF_W, r, r, 0));
	emit_jmp_imm(cg->e, BPF_JEQ, r, DSTATE_DRAINING, cg->clause_end);
	ra_free(cg, r);
}
