/*
 * The syscall provider: syscall:vmlinux:NAME:entry and :return for every
 * system call the kernel has syscalls:sys_enter_NAME / sys_exit_NAME
 * tracepoints for, in system-call-number order (numbers from the build's
 * asm/unistd.h, generated into syscall_table.h).  Names are the kernel's
 * (newfstat, umount), as in Oracle's DTrace for Linux.
 *
 * Where the kernel has BTF (x86-64, Linux 5.15 or later), the enabled
 * probes of one kind share one BPF program on the sys_enter or sys_exit
 * raw tracepoint (BPF_PROG_TYPE_RAW_TRACEPOINT, attached with
 * bpf_raw_tracepoint_open).  Its prologue finds the probe id from the
 * system call number: a compare chain for up to eight probes, else a
 * frozen table indexed by the number, so `syscall:::entry` costs one
 * attachment, not 350.  Measured against perf-event tracepoints (see
 * bench/README.md) this costs less per event, and above all closing it
 * is immediate: the last perf event of a tracepoint makes the kernel
 * wait for RCU grace periods (tracepoint_synchronize_unregister), tens
 * of milliseconds to over a second on a busy machine, at every exit.
 * The raw tracepoint gets (struct pt_regs *regs, long id or ret): the
 * entry number is ctx[1]; the exit number (regs->orig_ax) and the
 * arguments (di si dx r10 r8 r9) are read from the task's saved user
 * registers, bpf_task_pt_regs(), with plain loads the verifier turns
 * into fault-safe ones.  32-bit compat system calls are not told apart
 * from native ones on this path.
 *
 * That program runs on every system call, probed or not, so a few
 * probes of one kind (SC_MAX_PERF or fewer) get one syscalls:sys_enter_X
 * / sys_exit_X perf-event tracepoint each instead: the kernel tests the
 * number against its bitmap of enabled events before anything of the
 * tracer runs, and the system calls not probed pay nothing measurable
 * (the crossover and its figures: docs/syscall-attach.md).  Entry
 * probes stay on sys_enter when a clause copies user memory: only there
 * can a copy of memory not yet paged in be finished at the return
 * (codegen/cg_defer.c).
 *
 * Elsewhere, a few enabled probes of one kind get one syscalls:sys_enter_X
 * perf tracepoint each, and more share the raw_syscalls perf tracepoint
 * of their kind with the table.  Both tracepoint layouts hold the number
 * at offset 8 and the arguments (or the return value) as 8-byte words
 * from offset 16.  System calls newer than the build's headers (no
 * number known) always take this path.
 *
 * Arguments: at entry, arg0 .. arg5 are the call's; at return, arg0 and
 * arg1 are both the return value, as in DTrace.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../codegen/emit.h"
#include "../lib/kver.h"
#include "prov.h"

#define SC_NONR		UINT64_MAX	/* no number known: no raw path */
#define SC_MAX_SINGLE	8		/* above this, share raw_syscalls */
#define SC_MAX_PERF	4		/* above this, share sys_enter/exit */
#define SC_NARGS	6
#define SC_NR_OFF	8
#define SC_ARG_OFF	16
#define SC_RAW_RET_OFF	8	/* raw tracepoint ctx[1]: id or return value */

/*
 * The raw path: x86-64's struct pt_regs, as the system call entry saved
 * the user registers (arch/x86/include/asm/ptrace.h; the kernel ABI for
 * BPF programs, unchanged since 2.6).
 */
#if defined(__x86_64__)
#define SC_RAW		1
#define SC_REGS_ORIG_AX	120
static const int16_t sc_arg_regs[SC_NARGS] = {
	112, 104, 96, 56, 72, 64,	/* di si dx r10 r8 r9 */
};
#else
#define SC_RAW		0
#endif

static const struct sc_ent {
	const char *name;
	uint32_t nr;
} sc_table[] = {
#define SYSCALL(n, nr) { #n, nr },
#include "syscall_table.h"
#undef SYSCALL
};

/*
 * x86-64 system calls newer than the kernel headers the build may have
 * (Debian 12's end at 450).  Numbers are the kernel's ABI, fixed once
 * assigned; a name the build's headers know takes its number from there.
 */
#if defined(__x86_64__)
static const struct sc_ent sc_newer[] = {
	{ "uretprobe", 335 }, { "uprobe", 336 }, { "cachestat", 451 },
	{ "fchmodat2", 452 }, { "map_shadow_stack", 453 },
	{ "futex_wake", 454 }, { "futex_wait", 455 },
	{ "futex_requeue", 456 }, { "statmount", 457 },
	{ "listmount", 458 }, { "lsm_get_self_attr", 459 },
	{ "lsm_set_self_attr", 460 }, { "lsm_list_modules", 461 },
	{ "mseal", 462 }, { "setxattrat", 463 }, { "getxattrat", 464 },
	{ "listxattrat", 465 }, { "removexattrat", 466 },
	{ "open_tree_attr", 467 }, { "file_getattr", 468 },
	{ "file_setattr", 469 },
};
#else
static const struct sc_ent sc_newer[] = { { "", 0 } };
#endif

/*
 * System calls whose number is named differently from the kernel function
 * (and so from the tracepoint) on the architectures we build for.
 */
static const struct {
	const char *nr_name, *tp_name;
} sc_alias[] = {
	{ "stat", "newstat" }, { "fstat", "newfstat" },
	{ "lstat", "newlstat" }, { "uname", "newuname" },
	{ "sendfile", "sendfile64" }, { "umount2", "umount" },
};

/* one syscalls:sys_enter_/sys_exit_ tracepoint name seen */
struct sc_tp {
	const char *name;
	bool enter, exit, used;
};

static int tp_cmp(const void *a, const void *b)
{
	const struct sc_tp *const *x = a, *const *y = b;

	return strcmp((*x)->name, (*y)->name);
}

static void add_pair(struct probe_table *tab, struct sc_tp *t, uint64_t nr)
{
	struct probe *p;

	t->used = true;
	if (t->enter) {
		p = probes_add(tab, &prov_syscall, "vmlinux", t->name, "entry");
		p->data = nr;
		p->path = arena_printf(tab->arena, "syscalls/sys_enter_%s",
				       t->name);
	}
	if (t->exit) {
		p = probes_add(tab, &prov_syscall, "vmlinux", t->name,
			       "return");
		p->data = nr;
		p->path = arena_printf(tab->arena, "syscalls/sys_exit_%s",
				       t->name);
	}
}

/* note one "syscalls:sys_enter_X" or "syscalls:sys_exit_X" line */
static void collect_line(struct arena *a, const char *l, const char *e,
			 struct sc_tp **tps, size_t *n)
{
	static const char pre[] = "syscalls:sys_";
	const char *name = l + sizeof(pre) - 1;
	struct sc_tp *t = NULL;
	bool enter;

	if (strncmp(l, pre, sizeof(pre) - 1) != 0)
		return;
	if (strncmp(name, "enter_", 6) == 0)
		enter = true;
	else if (strncmp(name, "exit_", 5) == 0)
		enter = false;
	else
		return;
	name += enter ? 6 : 5;
	/* the exit line usually follows its enter line closely */
	for (size_t i = *n; i-- > 0 && i + 4 >= *n;) {
		if (strlen(tps[i]->name) == (size_t)(e - name) &&
		    strncmp(tps[i]->name, name, (size_t)(e - name)) == 0) {
			t = tps[i];
			break;
		}
	}
	if (!t) {
		t = arena_alloc(a, sizeof(*t));
		t->name = arena_strndup(a, name, (size_t)(e - name));
		tps[(*n)++] = t;
	}
	if (enter)
		t->enter = true;
	else
		t->exit = true;
}

/* the tracepoint names from available_events, in file order */
static size_t collect(struct arena *a, const char *ev, struct sc_tp ***out)
{
	size_t lines = 1, n = 0;
	struct sc_tp **tps;

	for (const char *c = ev; *c; c++)
		lines += *c == '\n';
	tps = xcalloc(lines, sizeof(*tps));
	while (*ev) {
		const char *e = strchrnul(ev, '\n');

		collect_line(a, ev, e, tps, &n);
		ev = *e ? e + 1 : e;
	}
	*out = tps;
	return n;
}

static struct sc_tp *find_tp(struct sc_tp **byname, size_t n, const char *name)
{
	struct sc_tp key = { .name = name }, *kp = &key, **r;

	r = bsearch(&kp, byname, n, sizeof(*byname), tp_cmp);
	return r ? *r : NULL;
}

static const char *tp_name_of(const char *nr_name)
{
	for (size_t i = 0; i < sizeof(sc_alias) / sizeof(sc_alias[0]); i++) {
		if (strcmp(sc_alias[i].nr_name, nr_name) == 0)
			return sc_alias[i].tp_name;
	}
	return nr_name;
}

int64_t prov_syscall_nr(const char *path)
{
	const char *name = strchr(path, '/');

	if (!name || (strncmp(name, "/sys_enter_", 11) &&
		      strncmp(name, "/sys_exit_", 10)))
		return -1;
	name += name[6] == 'n' ? 11 : 10;
	for (size_t i = 0; i < sizeof(sc_alias) / sizeof(sc_alias[0]); i++)
		if (strcmp(sc_alias[i].tp_name, name) == 0)
			name = sc_alias[i].nr_name;
	for (size_t i = 0; i < sizeof(sc_table) / sizeof(sc_table[0]); i++)
		if (strcmp(sc_table[i].name, name) == 0)
			return sc_table[i].nr;
	for (size_t i = 0; i < sizeof(sc_newer) / sizeof(sc_newer[0]); i++)
		if (*sc_newer[i].name && strcmp(sc_newer[i].name, name) == 0)
			return sc_newer[i].nr;
	return -1;
}

/*
 * Known numbers first, in number order; then the system calls newer than
 * the build's headers, which have tracepoints but no number here.
 */
static int syscall_enumerate(struct probe_table *tab)
{
	const char *ev = tracefs_events(tab);
	struct sc_tp **tps, **byname;
	size_t n;

	if (!ev)
		return 0;	/* no tracefs: no syscall probes */
	n = collect(tab->arena, ev, &tps);
	byname = xmalloc((n ? n : 1) * sizeof(*byname));
	memcpy(byname, tps, n * sizeof(*byname));
	qsort(byname, n, sizeof(*byname), tp_cmp);
	for (size_t i = 0; i < sizeof(sc_table) / sizeof(sc_table[0]); i++) {
		struct sc_tp *t = find_tp(byname, n,
					  tp_name_of(sc_table[i].name));

		if (t && !t->used)
			add_pair(tab, t, sc_table[i].nr);
	}
	for (size_t i = 0; i < sizeof(sc_newer) / sizeof(sc_newer[0]); i++) {
		struct sc_tp *t = find_tp(byname, n, sc_newer[i].name);

		if (t && !t->used)
			add_pair(tab, t, sc_newer[i].nr);
	}
	for (size_t i = 0; i < n; i++) {
		if (!tps[i]->used)
			add_pair(tab, tps[i], SC_NONR);
	}
	free(byname);
	free(tps);
	return 0;
}

static bool is_return(const struct probe *p)
{
	return strcmp(p->name, "return") == 0;
}

static int syscall_args(struct probe_table *tab, struct probe *p)
{
	struct probe_arg *args;
	int n;

	if (is_return(p)) {
		args = arena_alloc(tab->arena, 2 * sizeof(*args));
		for (int i = 0; i < 2; i++) {
			args[i].type = "long";
			args[i].offset = SC_ARG_OFF;
			args[i].size = 8;
			args[i].is_signed = true;
		}
		n = 2;
	} else {
		n = tracefs_describe(tab->arena, tracefs_root(tab), p->path,
				     "__syscall_nr", &args);
		if (n < 0)
			return n;
		if (n > SC_NARGS)
			n = SC_NARGS;
	}
	p->args = args;
	p->nargs = n;
	return 0;
}

/* one tracepoint for one probe; entry loads only the call's arguments */
static void plan_single(struct probe **pp, struct dobj *obj,
			struct attach_vec *out)
{
	struct probe *p = *pp;
	struct attach *at = prov_attach_new(obj->arena, &prov_syscall, pp, 1,
					    BPF_PROG_TYPE_TRACEPOINT);
	struct probe_arg *args;
	int n = SC_NARGS;

	at->path = p->path;
	if (!is_return(p)) {
		if (p->nargs >= 0)
			n = p->nargs;
		else if ((n = tracefs_describe(obj->arena, tracefs_path(),
					       p->path, "__syscall_nr",
					       &args)) < 0)
			n = SC_NARGS;
	}
	at->data = (uint64_t)(n < SC_NARGS ? n : SC_NARGS);
	prov_attach_push(out, at);
}

/*
 * The raw path needs bpf_get_current_task_btf() and bpf_task_pt_regs()
 * (Linux 5.15) and the kernel's BTF, which both need.  BDTRACE_SYSCALL_PERF
 * set in the environment forces the perf path (for comparisons and for
 * the unit tests, which must not depend on the machine).
 */
bool prov_syscall_raw_ok(void)
{
	if (getenv("BDTRACE_SYSCALL_PERF"))
		return false;
	if (!SC_RAW || access("/sys/kernel/btf/vmlinux", R_OK) != 0)
		return false;
	return kernel_at_least(5, 15);
}

/*
 * Whether n probes of one kind share the raw tracepoint (else each gets
 * its own perf-event tracepoint).  BDTRACE_SYSCALL_RAW set in the
 * environment forces the raw path for any number (for comparisons and
 * for the tests of that path).
 */
bool prov_syscall_use_raw(size_t n)
{
	if (!prov_syscall_raw_ok())
		return false;
	return n > SC_MAX_PERF || getenv("BDTRACE_SYSCALL_RAW");
}

/* the frozen number -> probe id table of a shared attach point */
static int add_table(struct probe **probes, size_t n, bool ret,
		     struct dobj *obj)
{
	uint64_t maxnr = 0;
	uint32_t *ids;
	struct dmap m = {0};

	for (size_t i = 0; i < n; i++) {
		if (probes[i]->data > maxnr)
			maxnr = probes[i]->data;
	}
	ids = arena_alloc(obj->arena, (maxnr + 1) * sizeof(*ids));
	for (size_t i = 0; i < n; i++)
		ids[probes[i]->data] = probes[i]->id;
	m.name = ret ? "syscall_return" : "syscall_entry";
	m.type = BPF_MAP_TYPE_ARRAY;
	m.key_size = 4;
	m.value_size = (uint32_t)((maxnr + 1) * sizeof(*ids));
	m.max_entries = 1;
	m.init = ids;
	m.init_size = m.value_size;
	m.freeze = true;
	return dobj_add_map(obj, &m);
}

/* one raw_syscalls perf tracepoint for many probes, with the table */
static void plan_shared(struct probe **probes, size_t n, bool ret,
			struct dobj *obj, struct attach_vec *out)
{
	struct attach *at = prov_attach_new(obj->arena, &prov_syscall, probes,
					    n, BPF_PROG_TYPE_TRACEPOINT);

	at->map = add_table(probes, n, ret, obj);
	at->path = ret ? "raw_syscalls/sys_exit" : "raw_syscalls/sys_enter";
	at->data = SC_NARGS;
	prov_attach_push(out, at);
}

/*
 * One program on the sys_enter or sys_exit raw tracepoint for every
 * probe of the kind (p->data: the system call number); a single entry
 * probe loads only its call's arguments, nargs of them (the rest are
 * zero, as on the perf path).
 */
struct attach *prov_syscall_plan_raw(const struct provider *prov,
				     struct probe **probes, size_t n,
				     bool ret, int nargs, struct dobj *obj)
{
	struct attach *at = prov_attach_new(obj->arena, prov, probes, n,
					    BPF_PROG_TYPE_RAW_TRACEPOINT);

	if (n > SC_MAX_SINGLE)
		at->map = add_table(probes, n, ret, obj);
	at->path = ret ? "sys_exit" : "sys_enter";
	/*
	 * the program itself; bpf_trace_run2, __bpf_trace_sys_enter/exit
	 * and __traceiter_* above it are dropped by name (cg_kskip.c)
	 */
	at->kstack_skip = 1;
	at->data = (uint64_t)(nargs >= 0 && nargs < SC_NARGS ? nargs
							     : SC_NARGS);
	return at;
}

static void plan_raw(struct probe **probes, size_t n, bool ret,
		     struct dobj *obj, struct attach_vec *out)
{
	struct probe_arg *args;
	int nargs = SC_NARGS;

	if (n == 1 && !ret) {
		if (probes[0]->nargs >= 0)
			nargs = probes[0]->nargs;
		else if ((nargs = tracefs_describe(obj->arena, tracefs_path(),
						   probes[0]->path,
						   "__syscall_nr", &args)) < 0)
			nargs = SC_NARGS;
	}
	prov_attach_push(out, prov_syscall_plan_raw(&prov_syscall, probes, n,
						    ret, nargs, obj));
}

/*
 * Whether a program on a per-syscall perf-event tracepoint can read the
 * kernel's stack: Linux 6.1 hands it the user registers there, so
 * stack() is empty and stackdepth 0; 6.18 gives the kernel's frames.
 * The releases between are not measured: there, as on 6.1, clauses that
 * read kernel stacks take the raw path, which gives them everywhere.
 */
static bool perf_kstacks_ok(void)
{
	return kernel_at_least(6, 18);
}

static void plan_kind(struct probe **probes, size_t n, bool ret,
		      struct dobj *obj, struct attach_vec *out)
{
	VEC(struct probe *) known = {0};
	bool raw;

	for (size_t i = 0; i < n; i++) {
		if (is_return(probes[i]) == ret && probes[i]->data != SC_NONR)
			vec_push(&known, probes[i]);
	}
	raw = prov_syscall_use_raw(known.len) ||
	      (!ret && obj->defer_copies && prov_syscall_raw_ok()) ||
	      (obj->kstacks && !perf_kstacks_ok() && prov_syscall_raw_ok());
	for (size_t i = 0; i < n; i++) {
		struct probe *p = probes[i];

		if (is_return(p) != ret)
			continue;
		if (p->data == SC_NONR ||
		    (!raw && known.len <= SC_MAX_SINGLE))
			plan_single(&probes[i], obj, out);
	}
	if (raw && known.len > 0)
		plan_raw(known.data, known.len, ret, obj, out);
	else if (known.len > SC_MAX_SINGLE)
		plan_shared(known.data, known.len, ret, obj, out);
	vec_free(&known);
}

static int syscall_plan(struct probe **probes, size_t n, struct dobj *obj,
			struct attach_vec *out)
{
	plan_kind(probes, n, false, obj, out);
	plan_kind(probes, n, true, obj, out);
	return 0;
}

/*
 * R0 = the current task's saved user registers (R1-R5 clobbered).  The
 * helpers' results are BTF pointers: loads through them are checked.
 */
static void emit_user_regs(struct emit *e)
{
	emit(e, I_CALL(BPF_FUNC_get_current_task_btf));
	emit(e, I_MOV64_REG(R1, R0));
	emit(e, I_CALL(BPF_FUNC_task_pt_regs));
}

/* R7 = the probe id of the number in R1, from the table or a chain */
static void emit_nr_to_prid(const struct attach *at, struct emit *e,
			    int exit_label)
{
	uint64_t maxnr = 0;

	if (at->map >= 0) {
		for (size_t i = 0; i < at->nprobes; i++) {
			if (at->probes[i]->data > maxnr)
				maxnr = at->probes[i]->data;
		}
		/* the number is a long; -1 and others out of range: exit */
		emit_jmp_imm(e, BPF_JGT, R1, (int32_t)maxnr, exit_label);
		emit(e, I_ALU64_IMM(BPF_LSH, R1, 2));
		emit_ld_map_value(e, R2, at->map, 0);
		emit(e, I_ALU64_REG(BPF_ADD, R2, R1));
		emit(e, I_LDX_MEM(BPF_W, R7, R2, 0));
		emit_jmp_imm(e, BPF_JEQ, R7, 0, exit_label);
		return;
	}
	int found = emit_label_new(e);

	/* the last number not matching leaves: one compare for one probe */
	for (size_t i = 0; i < at->nprobes; i++) {
		bool last = i + 1 == at->nprobes;
		int next = last ? exit_label : emit_label_new(e);

		emit_jmp_imm(e, BPF_JNE, R1, (int32_t)at->probes[i]->data,
			     next);
		emit(e, I_MOV64_IMM(R7, (int32_t)at->probes[i]->id));
		if (last)
			break;
		emit_ja(e, found);
		emit_label_place(e, next);
	}
	emit_label_place(e, found);
}

static bool is_raw(const struct attach *at)
{
	return at->prog_type == BPF_PROG_TYPE_RAW_TRACEPOINT;
}

/* a raw attach point's kind: on sys_exit (else sys_enter) */
static bool raw_exit(const struct attach *at)
{
	return strcmp(at->path, "sys_exit") == 0;
}

void prov_syscall_raw_prid(const struct attach *at, struct emit *e,
			   int exit_label)
{
#if SC_RAW
	if (raw_exit(at)) {
		emit_user_regs(e);
		emit(e, I_LDX_MEM(BPF_DW, R1, R0, SC_REGS_ORIG_AX));
	} else {
		emit(e, I_LDX_MEM(BPF_DW, R1, R6, SC_RAW_RET_OFF));
	}
	emit_nr_to_prid(at, e, exit_label);
#endif
}

static void syscall_prologue_prid(const struct attach *at, struct emit *e,
				  int exit_label)
{
	if (is_raw(at)) {
		prov_syscall_raw_prid(at, e, exit_label);
		return;
	}
	if (at->map < 0) {
		prov_emit_const_prid(at, e, exit_label);
		return;
	}
	/* raw_syscalls' id is a long at offset 8 */
	emit(e, I_LDX_MEM(BPF_DW, R1, R6, SC_NR_OFF));
	emit_nr_to_prid(at, e, exit_label);
}

/*
 * The raw path's arguments from dctx->args[first] on: the return value
 * (twice, as DTrace's arg0 and arg1, when first is 0), or the saved
 * registers.  With first 1 (sdt's syscalls group, whose records start
 * with the number) args[0] is the system call number.
 */
int prov_syscall_raw_args(const struct attach *at, struct emit *e,
			  int first, int nargs)
{
	int i = 0;

#if SC_RAW
	if (first && nargs > 0) {
		if (raw_exit(at)) {
			emit_user_regs(e);
			emit(e, I_LDX_MEM(BPF_DW, R1, R0, SC_REGS_ORIG_AX));
		} else {
			emit(e, I_LDX_MEM(BPF_DW, R1, R6, SC_RAW_RET_OFF));
		}
		emit(e, I_STX_MEM(BPF_DW, REG_DCTX, R1, prov_argoff(0)));
		i = 1;
	}
	if (raw_exit(at)) {
		if (i < nargs)
			emit(e, I_LDX_MEM(BPF_DW, R1, R6, SC_RAW_RET_OFF));
		for (; i < 2 && i < nargs; i++)
			emit(e, I_STX_MEM(BPF_DW, REG_DCTX, R1,
					  prov_argoff(i)));
		return i;
	}
	if ((int)at->data > 0 && i < nargs)
		emit_user_regs(e);
	for (; i - first < (int)at->data && i < nargs; i++) {
		emit(e, I_LDX_MEM(BPF_DW, R1, R0, sc_arg_regs[i - first]));
		emit(e, I_STX_MEM(BPF_DW, REG_DCTX, R1, prov_argoff(i)));
	}
#endif
	return i;
}

static void syscall_prologue_args(const struct attach *at, struct emit *e,
				  int nargs)
{
	int i = 0;

	if (is_raw(at)) {
		i = prov_syscall_raw_args(at, e, 0, nargs);
	} else if (is_return(at->probes[0])) {
		if (nargs > 0)
			emit(e, I_LDX_MEM(BPF_DW, R1, R6, SC_ARG_OFF));
		for (; i < 2 && i < nargs; i++)
			emit(e, I_STX_MEM(BPF_DW, REG_DCTX, R1,
					  prov_argoff(i)));
	} else {
		for (; i < (int)at->data && i < nargs; i++) {
			emit(e, I_LDX_MEM(BPF_DW, R1, R6,
					  SC_ARG_OFF + 8 * i));
			emit(e, I_STX_MEM(BPF_DW, REG_DCTX, R1,
					  prov_argoff(i)));
		}
	}
	prov_emit_zero_args(e, i, nargs);
}

static int syscall_attach(struct attach *at, int prog_fd)
{
	if (is_raw(at))
		return prov_raw_tp_attach(at, prog_fd);
	return prov_tp_attach(at, prog_fd);
}

/* as DTrace's syscall provider: the function names are the kernel's */
static const struct prov_attrs syscall_attrs = {
	.provider = { STAB_EVOLVING, STAB_EVOLVING, CLS_COMMON },
	.mod = { STAB_PRIVATE, STAB_PRIVATE, CLS_UNKNOWN },
	.func = { STAB_PRIVATE, STAB_PRIVATE, CLS_ISA },
	.name = { STAB_EVOLVING, STAB_EVOLVING, CLS_COMMON },
	.args = { STAB_PRIVATE, STAB_PRIVATE, CLS_ISA },
};

static const char *const syscall_names[] = { "entry", "return", NULL };

const struct provider prov_syscall = {
	.name = "syscall",
	.names = syscall_names,
	.attrs = &syscall_attrs,
	.enumerate = syscall_enumerate,
	.args = syscall_args,
	.plan = syscall_plan,
	.prologue_prid = syscall_prologue_prid,
	.prologue_args = syscall_prologue_args,
	.attach = syscall_attach,
};
