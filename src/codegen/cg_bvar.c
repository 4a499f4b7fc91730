/*
 * Built-in variables whose value takes more than one helper call:
 * timestamp, which DTrace reads once per probe firing (two reads in one
 * clause, or in two clauses of one firing, give the same value), and
 * execargs, the process's argument list as one string.
 *
 * timestamp lives in the per-CPU probe context (dctx->tstamp), which
 * the prologue zeroes at every firing: the first read of the firing
 * calls bpf_ktime_get_ns() and keeps the result, later ones load it.
 *
 * execargs is read from the user memory between mm->arg_start and
 * mm->arg_end (the NUL-separated argv strings the kernel laid out at
 * exec time), at most strsize - 1 bytes, with each NUL but the last
 * turned into a space, as ps(1) shows a command line.  A task without
 * an mm (a kernel thread) or whose arguments cannot be read (paged out)
 * gives the empty string.
 */
#include <stddef.h>

#include "cg_subr.h"
#include "../compile/btf.h"

int cg_timestamp(struct cg *cg)
{
	int16_t slot = offsetof(struct dctx, tstamp);
	int done = emit_label_new(cg->e);
	int r = ra_alloc(cg);

	E(I_LDX_MEM(BPF_DW, r, REG_DCTX, slot));
	emit_jmp_imm(cg->e, BPF_JNE, r, 0, done);
	int t = cg_call(cg, BPF_FUNC_ktime_get_ns, NULL, 0, true);

	E(I_STX_MEM(BPF_DW, REG_DCTX, t, slot));
	E(I_MOV64_REG(r, t));
	ra_free(cg, t);
	emit_label_place(cg->e, done);
	return r;
}

/* buf = the first len (1 .. ss - 1) bytes at user address start; jumps
 * to none if they cannot be read; start is freed */
static void args_read(struct cg *cg, uint32_t buf, uint32_t lenv, int start,
		      int none)
{
	uint32_t ss = subr_strsize(cg);
	int len = ra_alloc(cg);

	sv_ld(cg, len, lenv);
	subr_bound(cg, len, ss, none);
	struct cg_arg args[] = { ARG_DCTX(buf), ARG_REG(len), ARG_REG(start) };
	int ret = cg_call(cg, BPF_FUNC_probe_read_user, args, 3, true);

	emit_jmp_imm(cg->e, BPF_JSLT, ret, 0, none);
	ra_free(cg, ret);
	len = ra_alloc(cg);
	sv_ld(cg, len, lenv);
	subr_bound(cg, len, ss, none);
	int t = ra_new(cg), z = ra_new(cg);

	sb_st(cg, buf, len, z, t);	/* the terminating NUL */
	ra_free(cg, t);
	ra_free(cg, z);
	E(I_ALU64_IMM(BPF_SUB, len, 1));	/* the last NUL stays */
	subr_map_bytes(cg, buf, len, BM_NUL_SPACE);
}

int cg_execargs(struct cg *cg, struct node *n)
{
	int mm_off = dbtf_offsetof(cg->types, "task_struct", "mm");
	int as = dbtf_offsetof(cg->types, "mm_struct", "arg_start");
	int ae = dbtf_offsetof(cg->types, "mm_struct", "arg_end");

	if (mm_off < 0 || as < 0 || ae < 0)
		return cg_fail(cg, n, "execargs is not available: no kernel BTF for task_struct and mm_struct"), R8;
	uint32_t ss = subr_strsize(cg);
	uint32_t buf = cg_scratch(cg, ss), tmp = sv_new(cg), lenv = sv_new(cg);
	int none = emit_label_new(cg->e), end = emit_label_new(cg->e);
	int task = cg_call(cg, BPF_FUNC_get_current_task, NULL, 0, true);
	int mm = subr_kld(cg, task, mm_off, 8, tmp);

	ra_free(cg, task);
	emit_jmp_imm(cg->e, BPF_JEQ, mm, 0, none);
	int start = subr_kld(cg, mm, as, 8, tmp);
	int len = subr_kld(cg, mm, ae, 8, tmp);

	ra_free(cg, mm);
	/* len = min(arg_end - arg_start, ss - 1), none when empty */
	E(I_ALU64_REG(BPF_SUB, len, start));
	emit_jmp_imm(cg->e, BPF_JSLE, len, 0, none);
	int fits = emit_label_new(cg->e);

	emit_jmp_imm(cg->e, BPF_JLT, len, (int32_t)ss, fits);
	E(I_MOV64_IMM(len, (int32_t)ss - 1));
	emit_label_place(cg->e, fits);
	sv_st(cg, lenv, len);
	ra_free(cg, len);
	args_read(cg, buf, lenv, start, none);
	emit_ja(cg->e, end);
	emit_label_place(cg->e, none);
	E(I_ST_MEM(BPF_B, REG_DCTX, SOFF(buf), 0));
	emit_label_place(cg->e, end);
	return scratch_ptr(cg, buf);
}
