/*
 * The dtrace provider: BEGIN, END and ERROR, probes 1 to 3.  They have no
 * kernel event: the consumer fires BEGIN and END itself by running the
 * program once with BPF_PROG_TEST_RUN on its own CPU, so the clauses see
 * the consumer's process as the current one, as in DTrace.  ERROR is
 * fired the same way, with DTrace's arguments, when the consumer reads a
 * fault record: arg0 0 (once the kernel's consumer state), arg1 the
 * faulting probe's id, arg2 its clause's place in the program (as DTrace
 * for Linux), arg3 the DIF (instruction) offset, arg4 the fault type
 * and arg5 the bad address.
 * The arguments travel in the test run's context, which the prologue
 * reads as a raw tracepoint's argument array.
 */
#define _GNU_SOURCE	/* sched_setaffinity */
#include <bpf/bpf.h>
#include <errno.h>
#include <sched.h>
#include <string.h>

#include "../codegen/emit.h"
#include "prov.h"

static int dtrace_enumerate(struct probe_table *tab)
{
	static const char *const names[] = { "BEGIN", "END", "ERROR" };

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		probes_add(tab, &prov_dtrace, "", "", names[i]);
	return 0;
}

static int dtrace_args(struct probe_table *tab, struct probe *p)
{
	p->args = NULL;
	p->nargs = 0;
	return 0;
}

/* one program per probe: BEGIN and END are fired separately */
static int dtrace_plan(struct probe **probes, size_t n, struct dobj *obj,
		       struct attach_vec *out)
{
	for (size_t i = 0; i < n; i++) {
		struct attach *at = prov_attach_new(obj->arena, &prov_dtrace,
						    &probes[i], 1,
						    BPF_PROG_TYPE_RAW_TRACEPOINT);

		/* the consumer's system call that runs the program is
		 * no kernel stack of the probe's */
		at->no_kstack = true;
		prov_attach_push(out, at);
	}
	return 0;
}

/* the context array fire passes: ERROR's six arguments and room */
#define DTRACE_CTX_ARGS	8

static void dtrace_prologue_args(const struct attach *at, struct emit *e,
				 int nargs)
{
	int i;

	for (i = 0; i < nargs && i < DTRACE_CTX_ARGS; i++) {
		emit(e, I_LDX_MEM(BPF_DW, R1, R6, (int16_t)(8 * i)));
		emit(e, I_STX_MEM(BPF_DW, REG_DCTX, R1, prov_argoff(i)));
	}
	prov_emit_zero_args(e, i, nargs);
}

/*
 * Without BPF_F_TEST_RUN_ON_CPU the kernel runs a raw-tracepoint program
 * directly on the calling CPU, in the calling process.  Asking for
 * sched_getcpu()'s CPU gives the same unless the process migrates in
 * between, in which case the kernel would run the program from an IPI on
 * the old CPU with some other task as `curthread`; so the flag is left
 * out on purpose.
 */
static int dtrace_fire_args(struct attach *at, int prog_fd,
			    const uint64_t *args, int nargs)
{
	uint64_t ctx[DTRACE_CTX_ARGS];
	struct bpf_test_run_opts opts;
	cpu_set_t old, one;
	bool pinned = false;
	int err = 0;

	memset(ctx, 0, sizeof(ctx));
	for (int i = 0; i < nargs && i < DTRACE_CTX_ARGS; i++)
		ctx[i] = args[i];
	memset(&opts, 0, sizeof(opts));
	opts.sz = sizeof(opts);
	opts.ctx_in = ctx;
	opts.ctx_size_in = sizeof(ctx);
	/* -x cpu: the probe fires on that CPU, where the consumer moves
	 * for the run (the program ignores firings elsewhere) */
	if (at->cpu >= 0 && at->cpu < CPU_SETSIZE &&
	    sched_getaffinity(0, sizeof(old), &old) == 0) {
		CPU_ZERO(&one);
		CPU_SET(at->cpu, &one);
		if (sched_setaffinity(0, sizeof(one), &one) < 0)
			return -errno;
		pinned = true;
	}
	if (bpf_prog_test_run_opts(prog_fd, &opts) < 0)
		err = -errno;
	if (pinned)
		sched_setaffinity(0, sizeof(old), &old);
	return err;
}

static int dtrace_fire(struct attach *at, int prog_fd)
{
	return dtrace_fire_args(at, prog_fd, NULL, 0);
}

/* DTrace's own: BEGIN, END and ERROR are Stable everywhere */
static const struct prov_attrs dtrace_attrs = {
	.provider = { STAB_STABLE, STAB_STABLE, CLS_COMMON },
	.mod = { STAB_PRIVATE, STAB_PRIVATE, CLS_UNKNOWN },
	.func = { STAB_PRIVATE, STAB_PRIVATE, CLS_UNKNOWN },
	.name = { STAB_STABLE, STAB_STABLE, CLS_COMMON },
	.args = { STAB_STABLE, STAB_STABLE, CLS_COMMON },
};

static const char *const dtrace_names[] = { "BEGIN", "END", "ERROR", NULL };

const struct provider prov_dtrace = {
	.name = "dtrace",
	.names = dtrace_names,
	.attrs = &dtrace_attrs,
	.enumerate = dtrace_enumerate,
	.args = dtrace_args,
	.plan = dtrace_plan,
	.prologue_prid = prov_emit_const_prid,
	.prologue_args = dtrace_prologue_args,
	.fire = dtrace_fire,
	.fire_args = dtrace_fire_args,
};
