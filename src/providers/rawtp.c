/*
 * The rawtp provider: every kernel tracepoint GROUP:EVENT as
 * rawtp:GROUP::EVENT, on its raw tracepoint (BPF_PROG_TYPE_RAW_TRACEPOINT,
 * attached with bpf_raw_tracepoint_open): the arguments are the
 * tracepoint's own, as the kernel calls it (TP_PROTO), not the fields of
 * the record its tracefs format describes (sdt's).  They are typed from
 * the kernel's BTF: each tracepoint has a `btf_trace_EVENT` typedef, a
 * pointer to a function whose first parameter is the tracepoint's
 * private data and whose others are its arguments, so args[0] of
 * rawtp:sched::sched_process_exec is a struct task_struct *.  Without
 * BTF, the number of arguments is found by trying (the kernel refuses
 * to attach a program that reads past them) and they are uint64_t.
 *
 * Listed from tracefs available_events, like sdt, but for the groups
 * that are no tracepoints: syscalls (events on the sys_enter/sys_exit
 * tracepoints, which raw_syscalls names), ftrace's own, and kprobe,
 * uprobe and eprobe events.  Closing a raw tracepoint detaches it at
 * once (no RCU wait, unlike a perf event's last close).
 */
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "../codegen/dctx.h"
#include "../codegen/emit.h"
#include "../lib/kbtf.h"
#include "prov.h"

/* raw tracepoint programs read at most this many arguments */
#define RAWTP_MAX_ARGS	12

static const char *const rawtp_skip[] = {
	"syscalls", "ftrace", "kprobes", "uprobes", "eprobes",
};

static void add_event(struct probe_table *tab, const char *group,
		      const char *event, void *arg)
{
	struct probe *p;

	for (size_t i = 0; i < sizeof(rawtp_skip) / sizeof(rawtp_skip[0]); i++)
		if (!strcmp(rawtp_skip[i], group))
			return;
	p = probes_add(tab, &prov_rawtp, group, "", event);
	p->path = p->name;	/* the tracepoint's name */
}

static int rawtp_enumerate(struct probe_table *tab)
{
	tracefs_each_event(tab, add_event, NULL);
	return 0;
}

/* the tracepoint's prototype from its btf_trace_ typedef, or NULL */
static const struct btf_type *tp_proto(struct probe_table *tab,
				       const char *tp, struct btf **btfp)
{
	char name[256];
	const char *mod;
	const struct btf_type *t;
	int id;

	snprintf(name, sizeof(name), "btf_trace_%s", tp);
	id = kbtf_find(probes_kbtf(tab), name, BTF_KIND_TYPEDEF, btfp, &mod);
	if (id < 0)
		return NULL;
	t = btf__type_by_id(*btfp, (uint32_t)id);
	while (t && (btf_is_typedef(t) || btf_is_ptr(t) || btf_is_mod(t)))
		t = btf__type_by_id(*btfp, t->type);
	return t && btf_is_func_proto(t) && btf_vlen(t) > 0 ? t : NULL;
}

/*
 * How many arguments the raw tracepoint tp takes, by trying: attaching
 * a program that reads argument n-1 succeeds only if there are n.
 */
static int count_by_trying(const char *tp)
{
	for (int n = RAWTP_MAX_ARGS; n > 0; n--) {
		struct bpf_insn insns[] = {
			I_LDX_MEM(BPF_DW, R0, R1, (int16_t)(8 * (n - 1))),
			I_MOV64_IMM(R0, 0),
			I_EXIT(),
		};
		int fd = bpf_prog_load(BPF_PROG_TYPE_RAW_TRACEPOINT,
				       "bdt_rawtp_n", "GPL", insns, 3, NULL);
		int lfd;

		if (fd < 0)
			return -errno;
		lfd = bpf_raw_tracepoint_open(tp, fd);
		close(fd);
		if (lfd >= 0) {
			close(lfd);
			return n;
		}
		if (errno == ENOENT)
			return -ENOENT;
	}
	return 0;
}

static int rawtp_args(struct probe_table *tab, struct probe *p)
{
	struct btf *btf;
	const struct btf_type *proto = tp_proto(tab, p->path, &btf);
	struct probe_arg *args;
	int n;

	if (proto) {
		const struct btf_param *pa = btf_params(proto);

		/* the first parameter is the tracepoint's private data */
		n = btf_vlen(proto) - 1;
		args = arena_alloc(tab->arena, (size_t)(n + 1) * sizeof(*args));
		for (int i = 0; i < n; i++) {
			const char *an = btf__name_by_offset(btf,
							     pa[i + 1].name_off);

			args[i].name = an && *an ? arena_strdup(tab->arena, an)
						 : NULL;
			args[i].type = prov_btf_type_text(tab->arena, btf,
						      pa[i + 1].type);
			args[i].offset = 8 * (uint32_t)i;
			args[i].size = prov_btf_scalar(btf, pa[i + 1].type,
						   &args[i].is_signed);
			if (args[i].size == 0 || args[i].size > 8)
				args[i].size = 8;
		}
	} else {
		if ((n = count_by_trying(p->path)) < 0)
			return n;
		args = arena_alloc(tab->arena, (size_t)(n + 1) * sizeof(*args));
		for (int i = 0; i < n; i++) {
			args[i].type = "uint64_t";
			args[i].offset = 8 * (uint32_t)i;
			args[i].size = 8;
		}
	}
	p->args = args;
	p->nargs = n;
	return 0;
}

static int rawtp_plan(struct probe **probes, size_t n, struct dobj *obj,
		      struct attach_vec *out)
{
	for (size_t i = 0; i < n; i++) {
		struct probe *p = probes[i];
		struct attach *at = prov_attach_new(obj->arena, &prov_rawtp,
						    &probes[i], 1,
						    BPF_PROG_TYPE_RAW_TRACEPOINT);

		if (p->nargs < 0 && obj->ptab)
			rawtp_args(obj->ptab, p);
		at->path = p->path;
		at->args = p->args;
		at->nargs = p->nargs < 0 ? 0 : p->nargs;
		/*
		 * the program's own frame; bpf_trace_runN, __bpf_trace_EVENT
		 * and __traceiter_EVENT above it go by name (cg_kskip.c)
		 */
		at->kstack_skip = 1;
		prov_attach_push(out, at);
	}
	return 0;
}

/* the arguments the tracepoint has; the kernel refuses reads past them */
static void rawtp_prologue_args(const struct attach *at, struct emit *e,
				int nargs)
{
	int i = 0;

	for (; i < nargs && i < at->nargs && i < DCTX_NARGS; i++) {
		emit(e, I_LDX_MEM(BPF_DW, R1, R6, 8 * (int16_t)i));
		emit(e, I_STX_MEM(BPF_DW, REG_DCTX, R1, prov_argoff(i)));
	}
	prov_emit_zero_args(e, i, nargs);
}

/* as Oracle's rawtp provider: the kernel's private, ISA-specific calls */
static const struct prov_attrs rawtp_attrs = {
	.provider = { STAB_EVOLVING, STAB_EVOLVING, CLS_ISA },
	.mod = { STAB_PRIVATE, STAB_PRIVATE, CLS_UNKNOWN },
	.func = { STAB_PRIVATE, STAB_PRIVATE, CLS_UNKNOWN },
	.name = { STAB_PRIVATE, STAB_PRIVATE, CLS_ISA },
	.args = { STAB_PRIVATE, STAB_PRIVATE, CLS_ISA },
};

const struct provider prov_rawtp = {
	.name = "rawtp",
	.attrs = &rawtp_attrs,
	.enumerate = rawtp_enumerate,
	.has_name = tracefs_has_event,
	.args = rawtp_args,
	.plan = rawtp_plan,
	.prologue_prid = prov_emit_const_prid,
	.prologue_args = rawtp_prologue_args,
	.attach = prov_raw_tp_attach,
};
