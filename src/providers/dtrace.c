/*
 * The dtrace provider: BEGIN, END and ERROR, probes 1 to 3.  They have no
 * kernel event: the consumer fires BEGIN and END itself by running the
 * program once with BPF_PROG_TEST_RUN on its own CPU, so the clauses see
 * the consumer's process as the current one, as in DTrace.  ERROR is
 * fired the same way when the runtime reports a fault (its arguments are
 * to come; they read as zero for now).
 */
#include <bpf/bpf.h>
#include <errno.h>
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

		prov_attach_push(out, at);
	}
	return 0;
}

static void dtrace_prologue_args(const struct attach *at, struct emit *e,
				 int nargs)
{
	prov_emit_zero_args(e, 0, nargs);
}

/*
 * Without BPF_F_TEST_RUN_ON_CPU the kernel runs a raw-tracepoint program
 * directly on the calling CPU, in the calling process.  Asking for
 * sched_getcpu()'s CPU gives the same unless the process migrates in
 * between, in which case the kernel would run the program from an IPI on
 * the old CPU with some other task as `curthread`; so the flag is left
 * out on purpose.
 */
static int dtrace_fire(struct attach *at, int prog_fd)
{
	uint64_t ctx[8];
	struct bpf_test_run_opts opts;

	memset(ctx, 0, sizeof(ctx));
	memset(&opts, 0, sizeof(opts));
	opts.sz = sizeof(opts);
	opts.ctx_in = ctx;
	opts.ctx_size_in = sizeof(ctx);
	if (bpf_prog_test_run_opts(prog_fd, &opts) < 0)
		return -errno;
	return 0;
}

const struct provider prov_dtrace = {
	.name = "dtrace",
	.enumerate = dtrace_enumerate,
	.args = dtrace_args,
	.plan = dtrace_plan,
	.prologue_prid = prov_emit_const_prid,
	.prologue_args = dtrace_prologue_args,
	.fire = dtrace_fire,
};
