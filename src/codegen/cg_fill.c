/*
 * bufpolicy=fill in the BPF programs.  DTrace gives each CPU a buffer of
 * bufsize bytes that, once full, takes nothing more, and a full buffer
 * ends tracing.  The kernel ring buffer here is one for all CPUs and at
 * least a page, so each CPU counts the room its records take as DTrace
 * lays them out (runtime/bufpol.c) in its DSTAT_FILL_USED slot; a record
 * that would go past bufsize, less the room kept for END's records, as
 * DTrace keeps it, is not written (nor counted as a drop, as
 * DTrace's full fill buffer does not count them) and sets the state to
 * draining, which the consumer notices.  END is not counted: it fires
 * in the cool-down state, when the consumer has read everything, and has
 * the buffer to itself.
 */
#include "cg.h"

#include <string.h>

#include "../runtime/bufpol.h"
#include "../runtime/options.h"

static bool fill_policy(struct cg *cg)
{
	return cg->opts->bufpolicy && strcmp(cg->opts->bufpolicy, "fill") == 0;
}

/* tracing stops: the consumer sees the state, and END still fires */
static void fill_stop(struct cg *cg)
{
	int r = ra_alloc(cg);

	emit_ld_map_value(cg->e, r, DMAP_STATE, 0);
	emit(cg->e, I_ST_MEM(BPF_W, r, 0, DSTATE_DRAINING));
	ra_free(cg, r);
}

void cg_buf_full(struct cg *cg)
{
	if (fill_policy(cg))
		fill_stop(cg);
}

int cg_fill_gate(struct cg *cg)
{
	/* the statement's actions are still being gathered the first time */
	struct dstmt now = { .acts = cg->acts.data, .nacts = (int)cg->acts.len };
	uint64_t room;
	int skip, ok, full, p, used, st, lim;

	if (!fill_policy(cg))
		return -1;
	room = bufpol_stmt_room(cg->stmt_done ? cg->stmt : &now);
	skip = emit_label_new(cg->e);
	ok = emit_label_new(cg->e);
	full = emit_label_new(cg->e);
	st = ra_alloc(cg);
	emit_ld_map_value(cg->e, st, DMAP_STATE, 0);
	emit(cg->e, I_LDX_MEM(BPF_W, st, st, 0));
	emit_jmp_imm(cg->e, BPF_JEQ, st, DSTATE_COOLDOWN, ok);
	ra_free(cg, st);

	emit(cg->e, I_ST_MEM(BPF_W, REG_FP, FRAME_KEY0, 0));
	struct cg_arg args[] = { ARG_MAP(DMAP_STATS), ARG_FP(FRAME_KEY0) };
	p = cg_call(cg, BPF_FUNC_map_lookup_elem, args, 2, true);
	emit_jmp_imm(cg->e, BPF_JEQ, p, 0, ok);
	used = ra_alloc(cg);
	emit(cg->e, I_LDX_MEM(BPF_DW, used, p, 8 * DSTAT_FILL_USED));
	emit(cg->e, I_ALU64_IMM(BPF_ADD, used, (int32_t)room));
	/* the limit: bufsize less END's room, known once every program is
	 * built (cg_prog.c); the per-CPU map is this CPU's, so a plain
	 * update is enough */
	lim = ra_alloc(cg);
	emit_ld_map_value(cg->e, lim, DMAP_GLOBALS, (uint32_t)cg->fill_global);
	emit(cg->e, I_LDX_MEM(BPF_DW, lim, lim, 0));
	emit_jmp_reg(cg->e, BPF_JGT, used, lim, full);
	ra_free(cg, lim);
	emit(cg->e, I_STX_MEM(BPF_DW, p, used, 8 * DSTAT_FILL_USED));
	ra_free(cg, used);
	ra_free(cg, p);
	emit_ja(cg->e, ok);
	emit_label_place(cg->e, full);
	fill_stop(cg);
	emit_ja(cg->e, skip);	/* placed by the caller after the output */
	emit_label_place(cg->e, ok);
	return skip;
}
