/*
 * Code generation for the built-ins that need more than a helper call:
 * args[i] (typed probe arguments), uregs[e] (the thread's user
 * registers), errno and vtimestamp.  What each means on Linux:
 *
 * - errno: on a syscall return probe, the error of a failed system call
 *   (the return value's negation when it is negative, else 0), as the
 *   kernel reports errors; elsewhere 0.
 * - vtimestamp: the current thread's on-CPU time in nanoseconds,
 *   task->se.sum_exec_runtime (offsets from kernel BTF).  The scheduler
 *   brings it up to date when it accounts the thread (ticks, switches),
 *   so it lags by at most a tick; differences over a syscall or more are
 *   what it is for.
 * - uregs[e]: cg_uregs.c.
 */
#include "cg.h"

#include "../compile/btf.h"

#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include <string.h>

#include "../providers/provider.h"
#include "../runtime/options.h"

static int load_arg(struct cg *cg, int i)
{
	int r = ra_alloc(cg);

	if (i + 1 > cg->nargs_used)
		cg->nargs_used = i + 1;
	emit(cg->e, I_LDX_MEM(BPF_DW, r, REG_DCTX,
			      offsetof(struct dctx, args) + 8 * i));
	return r;
}

/* a kernel string at src (freed) copied into scratch: its address */
static int kernel_string(struct cg *cg, int src)
{
	uint32_t size = dopts_strbytes(cg->opts);
	uint32_t off = cg_scratch(cg, size);
	struct cg_arg a[] = { ARG_DCTX(off), ARG_IMM(size), ARG_REG(src) };
	int r;

	cg_call(cg, BPF_FUNC_probe_read_kernel_str, a, 3, false);
	r = ra_alloc(cg);
	emit(cg->e, I_MOV64_REG(r, REG_DCTX));
	emit(cg->e, I_ALU64_IMM(BPF_ADD, r, offsetof(struct dctx, scratch) + off));
	return r;
}

/*
 * args[i]: the argument the prologue loaded, in its D type.  A kernel
 * string (__data_loc) is copied from the address loaded; a char array
 * field of a tracepoint from its place in the record.
 */
static int cg_args(struct cg *cg, struct node *n)
{
	const struct attach *at = cg->at;
	int i = n->aux, r;

	if (!type_is_string(n->type)) {
		r = load_arg(cg, i);
		cg_normalize(cg, r, n->type);
		return r;
	}
	if (!at->args || i >= at->nargs)
		return cg_fail(cg, n, "args[%d] cannot be read as a string here", i), R8;
	const struct probe_arg *pa = &at->args[i];

	if (pa->is_string) {
		r = load_arg(cg, i);
	} else {
		r = ra_alloc(cg);
		emit(cg->e, I_LDX_MEM(BPF_DW, r, REG_DCTX, offsetof(struct dctx, ctx)));
		emit(cg->e, I_ALU64_IMM(BPF_ADD, r, (int32_t)pa->offset));
	}
	return kernel_string(cg, r);
}

static bool syscall_return(const struct attach *at)
{
	return at && at->prov && strcmp(at->prov->name, "syscall") == 0 &&
	       at->nprobes > 0 && strcmp(at->probes[0]->name, "return") == 0;
}

static int cg_errno(struct cg *cg, struct node *n)
{
	int r, done;

	if (!syscall_return(cg->at)) {
		r = ra_alloc(cg);
		emit(cg->e, I_MOV64_IMM(r, 0));
		return r;
	}
	r = load_arg(cg, 0);
	done = emit_label_new(cg->e);
	int neg = emit_label_new(cg->e);

	emit_jmp_imm(cg->e, BPF_JSLT, r, 0, neg);
	emit(cg->e, I_MOV64_IMM(r, 0));
	emit_ja(cg->e, done);
	emit_label_place(cg->e, neg);
	emit(cg->e, I_ALU64_IMM(BPF_NEG, r, 0));
	emit_label_place(cg->e, done);
	cg_normalize(cg, r, n->type);
	return r;
}

static int cg_vtimestamp(struct cg *cg, struct node *n)
{
	int se = dbtf_offsetof(cg->types, "task_struct", "se");
	int sum = dbtf_offsetof(cg->types, "sched_entity", "sum_exec_runtime");

	if (se < 0 || sum < 0)
		return cg_fail(cg, n, "vtimestamp is not available: no kernel BTF for task_struct"), R8;
	uint32_t k = cg_scratch(cg, 8);
	int task = cg_task(cg);

	emit(cg->e, I_ALU64_IMM(BPF_ADD, task, se + sum));
	struct cg_arg a[] = { ARG_DCTX(k), ARG_IMM(8), ARG_REG(task) };

	cg_call(cg, BPF_FUNC_probe_read_kernel, a, 3, false);
	int r = ra_alloc(cg);

	emit(cg->e, I_LDX_MEM(BPF_DW, r, REG_DCTX,
			      offsetof(struct dctx, scratch) + k));
	return r;
}

int cg_builtin_ext(struct cg *cg, struct node *n)
{
	switch (n->builtin) {
	case BV_ARGS:
		return cg_args(cg, n);
	case BV_UREGS:
		return cg_uregs(cg, n);		/* cg_uregs.c */
	case BV_ERRNO:
		return cg_errno(cg, n);
	case BV_VTIMESTAMP:
		return cg_vtimestamp(cg, n);
	default:
		return cg_fail(cg, n, "%s is not supported yet", n->name), R8;
	}
}
