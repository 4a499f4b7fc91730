/*
 * The sdt provider: every kernel tracepoint GROUP:EVENT as
 * sdt:GROUP::EVENT.  The list comes from tracefs available_events, read
 * once; a tracepoint's arguments are the fields of its record after the
 * common_* ones, described from its tracefs `format` only when a probe's
 * arguments are needed.  A field loads with its own width and sign; a
 * __data_loc char[] field is a kernel string whose argument is its
 * address; arrays and wider fields read as 0.
 *
 * Where the kernel lets it, the probes go on raw tracepoints, because
 * closing a perf-event tracepoint's last perf event makes the kernel
 * wait for RCU grace periods (about 80 ms each on the development
 * machines: a minute for every tracepoint) while a raw tracepoint
 * detaches at once: the syscalls group (its records, the number and
 * the arguments or the return value, are rebuilt from the task's saved
 * registers by the syscall provider's raw path) but for a few probes of
 * a kind, which keep their perf events so that the system calls not
 * probed run nothing (docs/syscall-attach.md), the others when
 * no clause reads their arguments (a raw tracepoint has the
 * tracepoint's own arguments, not its record).  The rest take perf
 * events.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../codegen/dctx.h"
#include "../codegen/emit.h"
#include "prov.h"

static void add_event(struct probe_table *tab, const char *group,
		      const char *event, void *arg)
{
	struct probe *p = probes_add(tab, &prov_sdt, group, "", event);

	p->path = arena_printf(tab->arena, "%s/%s", group, event);
}

static int sdt_enumerate(struct probe_table *tab)
{
	tracefs_each_event(tab, add_event, NULL);
	return 0;
}

static int sdt_args(struct probe_table *tab, struct probe *p)
{
	struct probe_arg *args;
	int n = tracefs_describe(tab->arena, tracefs_root(tab), p->path, NULL,
				 &args);

	if (n < 0)
		return n;
	p->args = args;
	p->nargs = n;
	return 0;
}

/* one perf-event tracepoint, its record's fields as arguments */
static void plan_perf(struct probe **pp, struct dobj *obj,
		      struct attach_vec *out)
{
	struct probe *p = *pp;
	struct attach *at = prov_attach_new(obj->arena, &prov_sdt, pp, 1,
					    BPF_PROG_TYPE_TRACEPOINT);
	struct probe_arg *args = NULL;
	int nargs;

	at->path = p->path;
	if (p->nargs >= 0) {
		at->args = p->args;
		at->nargs = p->nargs;
	} else {
		/* the attach point keeps its own copy: its arena */
		nargs = tracefs_describe(obj->arena, tracefs_path(), p->path,
					 NULL, &args);
		at->args = args;
		at->nargs = nargs < 0 ? 0 : nargs;
	}
	prov_attach_push(out, at);
}

/* the tracepoint's raw tracepoint, for a probe whose record is not read */
static void plan_raw(struct probe **pp, struct dobj *obj,
		     struct attach_vec *out)
{
	struct attach *at = prov_attach_new(obj->arena, &prov_sdt, pp, 1,
					    BPF_PROG_TYPE_RAW_TRACEPOINT);

	at->path = strchr((*pp)->path, '/') + 1;
	at->nargs = 0;
	at->kstack_skip = 1;	/* the program's own frame (cg_kskip.c) */
	prov_attach_push(out, at);
}

static bool is_sys_exit(const struct probe *p)
{
	return strstr(p->path, "/sys_exit_") != NULL;
}

/* the syscalls group's probes of one kind, on sys_enter or sys_exit */
static void plan_syscalls(struct probe **probes, size_t n, bool ret,
			  struct dobj *obj, struct attach_vec *out)
{
	VEC(struct probe *) kind = { 0 };
	int nargs = -1;

	for (size_t i = 0; i < n; i++)
		if (is_sys_exit(probes[i]) == ret)
			vec_push(&kind, probes[i]);
	/* a few: their own tracepoints, as the syscall provider's */
	if (!prov_syscall_use_raw(kind.len)) {
		for (size_t i = 0; i < kind.len; i++)
			plan_perf(&kind.data[i], obj, out);
		kind.len = 0;
	}
	/* one entry probe: its call's arguments, after the number */
	if (kind.len == 1 && !ret && kind.data[0]->nargs < 0 && obj->ptab)
		sdt_args(obj->ptab, kind.data[0]);
	if (kind.len == 1 && !ret && kind.data[0]->nargs > 0)
		nargs = kind.data[0]->nargs - 1;
	if (kind.len)
		prov_attach_push(out, prov_syscall_plan_raw(&prov_sdt,
							    kind.data,
							    kind.len, ret,
							    nargs, obj));
	vec_free(&kind);
}

/*
 * The probes on raw tracepoints (their records unread): one program for
 * all where links carry cookies, but those whose clauses read the
 * kernel stack, else one each.
 */
static void plan_raws(struct probe **probes, size_t n, struct dobj *obj,
		      struct attach_vec *out)
{
	VEC(struct probe *) shared = { 0 };
	bool cookies = n > 1 && prov_raw_tp_cookies();

	for (size_t i = 0; i < n; i++) {
		if (cookies && !(probes[i]->reads & PROBE_READS_KSTACK))
			vec_push(&shared, probes[i]);
		else
			plan_raw(&probes[i], obj, out);
	}
	if (shared.len == 1)
		plan_raw(shared.data, obj, out);
	else if (shared.len)
		prov_attach_push(out, prov_raw_tp_shared(&prov_sdt, shared.data,
							 shared.len, obj));
	vec_free(&shared);
}

static int sdt_plan(struct probe **probes, size_t n, struct dobj *obj,
		    struct attach_vec *out)
{
	VEC(struct probe *) sys = { 0 }, raw = { 0 };
	bool raw_sys = prov_syscall_raw_ok();

	for (size_t i = 0; i < n; i++) {
		struct probe *p = probes[i];
		int64_t nr;

		if (raw_sys && !strncmp(p->path, "syscalls/", 9) &&
		    (nr = prov_syscall_nr(p->path)) >= 0) {
			p->data = (uint64_t)nr;
			vec_push(&sys, p);
		} else if (!(p->reads & PROBE_READS_ARGS) && obj->ptab &&
			   prov_has_rawtp(obj->ptab,
					  strchr(p->path, '/') + 1)) {
			vec_push(&raw, p);
		} else {
			plan_perf(&probes[i], obj, out);
		}
	}
	plan_raws(raw.data, raw.len, obj, out);
	plan_syscalls(sys.data, sys.len, false, obj, out);
	plan_syscalls(sys.data, sys.len, true, obj, out);
	vec_free(&sys);
	vec_free(&raw);
	return 0;
}

static bool is_raw(const struct attach *at)
{
	return at->prog_type == BPF_PROG_TYPE_RAW_TRACEPOINT;
}

/* the syscalls group's shared program on sys_enter or sys_exit */
static bool on_syscalls(const struct attach *at)
{
	return is_raw(at) && at->path && (!strcmp(at->path, "sys_enter") ||
					  !strcmp(at->path, "sys_exit"));
}

/* one program on many raw tracepoints (cookies) */
static bool shared(const struct attach *at)
{
	return is_raw(at) && !at->path;
}

static void sdt_prologue_prid(const struct attach *at, struct emit *e,
			      int exit_label)
{
	if (on_syscalls(at))
		prov_syscall_raw_prid(at, e, exit_label);
	else if (shared(at))
		prov_emit_cookie_prid(e);
	else
		prov_emit_const_prid(at, e, exit_label);
}

static void sdt_prologue_args(const struct attach *at, struct emit *e,
			      int nargs)
{
	int i = 0;

	if (on_syscalls(at))
		i = prov_syscall_raw_args(at, e, 1, nargs);
	else
		for (; i < nargs && i < at->nargs && i < DCTX_NARGS; i++)
			prov_emit_field(e, i, &at->args[i]);
	prov_emit_zero_args(e, i, nargs);
}

static int sdt_attach(struct attach *at, int prog_fd)
{
	if (shared(at))
		return prov_raw_tp_attach_each(at, prog_fd);
	return is_raw(at) ? prov_raw_tp_attach(at, prog_fd)
			  : prov_tp_attach(at, prog_fd);
}

/* as Oracle's sdt provider: tracepoints are the kernel's private interface */
static const struct prov_attrs sdt_attrs = {
	.provider = { STAB_EVOLVING, STAB_EVOLVING, CLS_ISA },
	.mod = { STAB_PRIVATE, STAB_PRIVATE, CLS_UNKNOWN },
	.func = { STAB_PRIVATE, STAB_PRIVATE, CLS_UNKNOWN },
	.name = { STAB_PRIVATE, STAB_PRIVATE, CLS_ISA },
	.args = { STAB_PRIVATE, STAB_PRIVATE, CLS_ISA },
};

const struct provider prov_sdt = {
	.name = "sdt",
	.attrs = &sdt_attrs,
	.enumerate = sdt_enumerate,
	.has_name = tracefs_has_event,
	.args = sdt_args,
	.plan = sdt_plan,
	.prologue_prid = sdt_prologue_prid,
	.prologue_args = sdt_prologue_args,
	.attach = sdt_attach,
};
