/*
 * uregs[e]: the thread's user-mode registers as saved on entry to the
 * kernel (bpf_task_pt_regs), indexed as x86-64's struct pt_regs is: the
 * R_* constants of lib/dtrace/regs.d.  As in DTrace for Linux, the
 * indexes past pt_regs name the segment and trap state the kernel keeps
 * in task->thread: R_DS (21), R_ES, R_FS (fsbase), R_GS (gsbase) and
 * R_TRAPNO (25).  A constant index is checked by sema_builtin.c; a
 * computed one past pt_regs faults, as DTrace's illegal operation.
 */
#include "cg.h"

#include "../compile/btf.h"

/* x86-64 struct pt_regs: 21 eight-byte registers */
#define UREGS_N		21

/* the task->thread members uregs[UREGS_N + i] reads */
static const char *const thread_regs[] = { "ds", "es", "fsbase", "gsbase",
					   "trap_nr" };

/* task->thread.<member> for uregs[UREGS_N + i], zero-extended */
static int thread_reg(struct cg *cg, struct node *n, int i)
{
	const struct dtype *ts = dbtf_lookup(cg->types, cg->a, NULL, DT_STRUCT,
					     "thread_struct");
	const struct dmember *m = ts ? dbtf_member(cg->types, cg->a, ts,
						   thread_regs[i]) : NULL;
	int thread = dbtf_offsetof(cg->types, "task_struct", "thread");

	if (!m || thread < 0 || m->bits || m->type->size > 8)
		return cg_fail(cg, n, "uregs[%d] is not available: no kernel BTF for task->thread.%s",
			       UREGS_N + i, thread_regs[i]), R8;
	uint32_t k = cg_scratch(cg, 8);

	emit(cg->e, I_ST_MEM(BPF_DW, REG_DCTX, offsetof(struct dctx, scratch) + k, 0));
	int task = cg_call(cg, BPF_FUNC_get_current_task, NULL, 0, true);

	emit(cg->e, I_ALU64_IMM(BPF_ADD, task,
				thread + (int32_t)(m->bit_off / 8)));
	struct cg_arg a[] = { ARG_DCTX(k), ARG_IMM(m->type->size), ARG_REG(task) };

	cg_call(cg, BPF_FUNC_probe_read_kernel, a, 3, false);
	int r = ra_alloc(cg);

	emit(cg->e, I_LDX_MEM(BPF_DW, r, REG_DCTX, offsetof(struct dctx, scratch) + k));
	return r;
}

/* the saved user registers copied to scratch (n of them from the
 * first): the scratch offset */
static uint32_t copy_pt_regs(struct cg *cg, uint32_t first, uint32_t n)
{
	uint32_t k = cg_scratch(cg, 8 * n);
	int task = cg_call(cg, BPF_FUNC_get_current_task_btf, NULL, 0, true);
	struct cg_arg a1[] = { ARG_REG(task) };
	int regs = cg_call(cg, BPF_FUNC_task_pt_regs, a1, 1, true);

	if (first)
		emit(cg->e, I_ALU64_IMM(BPF_ADD, regs, (int32_t)(8 * first)));
	struct cg_arg a2[] = { ARG_DCTX(k), ARG_IMM(8 * n), ARG_REG(regs) };

	cg_call(cg, BPF_FUNC_probe_read_kernel, a2, 3, false);
	return k;
}

int cg_uregs(struct cg *cg, struct node *n)
{
	int i = n->aux, r;

	if (i >= UREGS_N)
		return thread_reg(cg, n, i - UREGS_N);
	if (i >= 0) {
		uint32_t k = copy_pt_regs(cg, (uint32_t)i, 1);

		r = ra_alloc(cg);
		emit(cg->e, I_LDX_MEM(BPF_DW, r, REG_DCTX,
				      offsetof(struct dctx, scratch) + k));
		return r;
	}
	/* a computed index: bounded first, so that the verifier sees the
	 * access in range */
	int ix = cg_expr(cg, n->rhs), ok = emit_label_new(cg->e);

	emit_jmp_imm(cg->e, BPF_JLE, ix, UREGS_N - 1, ok);
	cg_fault(cg, DFLT_ILLOP, -1);
	emit_label_place(cg->e, ok);
	uint32_t k = copy_pt_regs(cg, 0, UREGS_N);

	emit(cg->e, I_ALU64_IMM(BPF_LSH, ix, 3));
	emit(cg->e, I_ALU64_REG(BPF_ADD, ix, REG_DCTX));
	emit(cg->e, I_LDX_MEM(BPF_DW, ix, ix, offsetof(struct dctx, scratch) + k));
	return ix;
}
