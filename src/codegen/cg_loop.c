/*
 * Loops in generated code (the sl_* kit of cg_subr.h) and chill().
 *
 * A loop heads with may_goto where the kernel has it (Linux 6.9): the
 * verifier then checks its body for convergence in a pass or two.  On
 * older kernels (Linux 5.17 to 6.8), and when forced with -x nomaygoto,
 * the body becomes the callback of bpf_loop(): a BPF-to-BPF subprogram
 * (emit_sub_begin) that the verifier checks as one call whatever the
 * iteration count, so nested and long loops cost no more than short
 * ones.  The callback sees only its own stack, so the caller leaves
 * every live register (and the dctx pointer) in its frame and passes
 * that frame as the callback's context; the callback's prologue reads
 * them back, pointers keeping their types.  Loop-carried state is in
 * scratch already (cg_subr.h), so nothing flows back in registers.
 * Going round again returns 0, leaving (the loop's exit label) returns
 * 1; a fault in the body, which cannot jump to the clause's end from
 * the callback, sets a flag in scratch that the caller tests after the
 * loop.  Whether the kernel takes may_goto is learned once, by loading
 * a three-instruction program, and only when a program needs a loop.
 */
#include <bpf/bpf.h>
#include <errno.h>
#include <unistd.h>

#include "cg_subr.h"

#include "../runtime/options.h"

/* the kernel's cap on bpf_loop() iterations (BPF_MAX_LOOPS) */
#define LOOP_MAX	(1 << 23)
/* the caller's frame for the callback: r6-r9 here, r1-r5 in their
 * spill slots; the context pointer points at LOOP_SAVE(R9) */
#define LOOP_SAVE(r)	((r) <= R5 ? FRAME_SPILL(r) : -64 - 8 * ((r) - R5))
#define LOOP_CTX	LOOP_SAVE(R9)

/* chill()'s limit: nanoseconds a CPU may spin per interval */
#define CHILL_MAX	500000000LL
#define CHILL_INTERVAL	1000000000LL

/*
 * may_goto (BPF_JMP | BPF_JCOND, Linux 6.9): falls through while the
 * kernel's hidden per-program loop budget lasts, jumps by off once it
 * is spent.  The verifier treats it as a loop head whose state it
 * widens, so a loop over strsize bytes is checked in a few passes
 * rather than one per iteration.
 */
#define I_MAY_GOTO(o)	INSN(BPF_JMP | 0xe0 | BPF_K, 0, 0, o, 0)

/* Does the running kernel accept may_goto?  Asked once. */
static bool kernel_maygoto(void)
{
	static int known = -1;
	struct bpf_insn prog[] = {
		I_MAY_GOTO(0), I_MOV64_IMM(R0, 0), I_EXIT(),
	};

	if (known < 0) {
		int fd = bpf_prog_load(BPF_PROG_TYPE_SOCKET_FILTER, NULL, "GPL",
				       prog, 3, NULL);

		known = fd >= 0;
		if (fd >= 0)
			close(fd);
	}
	return known;
}

static bool use_maygoto(struct cg *cg)
{
	return !cg->opts->nomaygoto && kernel_maygoto();
}

static void maygoto_begin(struct cg *cg, struct sloop *l)
{
	int body = emit_label_new(cg->e);

	l->head = emit_label_new(cg->e);
	emit_label_place(cg->e, l->head);
	E(I_MAY_GOTO(1));
	emit_ja(cg->e, body);
	emit_ja(cg->e, l->out);
	emit_label_place(cg->e, body);
}

/* bpf_loop(LOOP_MAX, the body, the frame, 0), then the callback's
 * prologue: the live registers back from the caller's frame */
static void callback_begin(struct cg *cg, struct sloop *l)
{
	int entry = emit_label_new(cg->e);

	l->cb = true;
	l->busy = cg->busy;
	l->fv = sv_new(cg);
	sv_st_imm(cg, l->fv, 0);
	for (int r = R1; r <= R9; r++)
		if ((l->busy & (1u << r)) || r == REG_DCTX)
			E(I_STX_MEM(BPF_DW, REG_FP, r, LOOP_SAVE(r)));
	E(I_MOV64_IMM(R1, LOOP_MAX));
	emit_ld_func(cg->e, R2, entry);
	E(I_MOV64_REG(R3, REG_FP));
	E(I_ALU64_IMM(BPF_ADD, R3, LOOP_CTX));
	E(I_MOV64_IMM(R4, 0));
	E(I_CALL(BPF_FUNC_loop));
	emit_sub_begin(cg->e);
	emit_label_place(cg->e, entry);
	E(I_MOV64_REG(R0, R2));
	for (int r = R1; r <= R9; r++)
		if ((l->busy & (1u << r)) || r == REG_DCTX)
			E(I_LDX_MEM(BPF_DW, r, R0, LOOP_SAVE(r) - LOOP_CTX));
	l->saved_end = cg->clause_end;
	cg->clause_end = sl_exit(cg, l, l->saved_end);
}

int sl_exit(struct cg *cg, struct sloop *l, int to)
{
	int in;

	if (!l->cb)
		return to;
	for (int i = 0; i < l->nexits; i++)
		if (l->exit_to[i] == to)
			return l->exit_in[i];
	if (l->nexits == (int)(sizeof(l->exit_in) / sizeof(l->exit_in[0]))) {
		diag_error(cg->diag, cg->clause->loc, D_UNSUPPORTED,
			   "internal error: too many exits from a loop");
		return to;
	}
	in = emit_label_new(cg->e);
	l->exit_in[l->nexits] = in;
	l->exit_to[l->nexits++] = to;
	return in;
}

void sl_begin(struct cg *cg, struct sloop *l, uint32_t max_steps)
{
	(void)max_steps;	/* each loop's own logic bounds its steps */
	*l = (struct sloop){ .n = -1, .head = -1 };
	l->out = emit_label_new(cg->e);
	if (use_maygoto(cg))
		maygoto_begin(cg, l);
	else
		callback_begin(cg, l);
}

static void cb_return(struct cg *cg, int32_t v)
{
	E(I_MOV64_IMM(R0, v));
	E(I_EXIT());
}

void sl_next(struct cg *cg, struct sloop *l)
{
	if (l->cb)
		cb_return(cg, 0);
	else
		emit_ja(cg->e, l->head);
}

static bool label_used(const struct emit *e, int label)
{
	for (size_t i = 0; i < e->nfixups; i++)
		if (e->fixups[i].label == label)
			return true;
	return false;
}

void sl_end(struct cg *cg, struct sloop *l)
{
	bool used[4] = { false };

	emit_label_place(cg->e, l->out);
	if (!l->cb)
		return;
	cb_return(cg, 1);
	/* each exit the body took: its number in fv, and out */
	for (int i = 0; i < l->nexits; i++) {
		used[i] = label_used(cg->e, l->exit_in[i]);
		if (!used[i])
			continue;
		emit_label_place(cg->e, l->exit_in[i]);
		sv_st_imm(cg, l->fv, i + 1);
		cb_return(cg, 1);
	}
	emit_sub_end(cg->e);
	cg->clause_end = l->saved_end;
	for (int r = R1; r <= R5; r++)
		if (l->busy & (1u << r))
			E(I_LDX_MEM(BPF_DW, r, REG_FP, FRAME_SPILL(r)));
	for (int i = 0; i < l->nexits; i++) {
		if (!used[i])
			continue;
		sv_ld(cg, R0, l->fv);
		emit_jmp_imm(cg->e, BPF_JEQ, R0, i + 1, l->exit_to[i]);
	}
}

/* the line table's positions after emit_finish() moved subprograms */
void cg_loop_remap_lines(struct cg *cg, const struct emit *e)
{
	for (size_t i = 0; i < cg->lines.len; i++)
		cg->lines.data[i].insn = emit_remap(e, cg->lines.data[i].insn);
}

/*
 * chill(ns): spin until ns have passed.  As in DTrace, a CPU may spin
 * at most CHILL_MAX in any CHILL_INTERVAL; a chill() beyond that is an
 * illegal operation and does not spin.
 */
static void chill_account(struct cg *cg, int ns, int now, int bad)
{
	int t = ra_new(cg), fresh = emit_label_new(cg->e);
	int16_t mark = offsetof(struct dctx, chillmark);
	int16_t spun = offsetof(struct dctx, chilled);

	emit_ld_imm64(cg->e, t, CHILL_MAX);
	emit_jmp_reg(cg->e, BPF_JGT, ns, t, bad);
	E(I_LDX_MEM(BPF_DW, t, REG_DCTX, mark));
	E(I_ALU64_REG(BPF_SUB, t, now));
	E(I_ALU64_IMM(BPF_NEG, t, 0));
	emit_ld_imm64(cg->e, R0, CHILL_INTERVAL);
	emit_jmp_reg(cg->e, BPF_JLE, t, R0, fresh);
	E(I_STX_MEM(BPF_DW, REG_DCTX, now, mark));
	E(I_ST_MEM(BPF_DW, REG_DCTX, spun, 0));
	emit_label_place(cg->e, fresh);
	E(I_LDX_MEM(BPF_DW, t, REG_DCTX, spun));
	E(I_ALU64_REG(BPF_ADD, t, ns));
	emit_ld_imm64(cg->e, R0, CHILL_MAX);
	emit_jmp_reg(cg->e, BPF_JGT, t, R0, bad);
	E(I_STX_MEM(BPF_DW, REG_DCTX, t, spun));
	ra_free(cg, t);
}

int cg_chill(struct cg *cg, struct node *call)
{
	uint32_t dv = sv_new(cg);
	int ns = cg_expr(cg, call->args);
	int now = cg_call(cg, BPF_FUNC_ktime_get_ns, NULL, 0, true);
	int ok = emit_label_new(cg->e), bad = emit_label_new(cg->e);
	struct sloop l;

	cg->obj->destructive = true;
	chill_account(cg, ns, now, bad);
	E(I_ALU64_REG(BPF_ADD, now, ns));
	sv_st(cg, dv, now);
	ra_free(cg, now);
	ra_free(cg, ns);
	emit_ja(cg->e, ok);
	emit_label_place(cg->e, bad);
	cg_fault(cg, DFLT_ILLOP, -1);
	emit_label_place(cg->e, ok);
	sl_begin(cg, &l, 0);
	now = cg_call(cg, BPF_FUNC_ktime_get_ns, NULL, 0, true);
	int d = ra_new(cg);

	sv_ld(cg, d, dv);
	emit_jmp_reg(cg->e, BPF_JGE, now, d, l.out);
	ra_free(cg, now);
	ra_free(cg, d);
	sl_next(cg, &l);
	sl_end(cg, &l);
	/* as in DTrace, timestamp is read afresh after a chill() */
	E(I_ST_MEM(BPF_DW, REG_DCTX, offsetof(struct dctx, tstamp), 0));
	return 0;
}
