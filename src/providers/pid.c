/*
 * The pid provider: pid<PID>:<module>:<function>:<name>, a probe on any
 * function of a process, created when a description names it, as
 * DTrace's fasttrap does.  entry is the function's first instruction,
 * return its return (a uretprobe), and a hexadecimal name an instruction
 * at that offset; a globbed name covers entry, return and every
 * instruction whose offset it matches.  Modules are named by their file
 * names, the program also as "a.out".  entry and offset probes read
 * arg0-arg5 from the x86-64 argument registers and later arguments from
 * the stack; a return probe's arg1 is the return value and its arg0 is
 * 0, as in Oracle's DTrace for Linux (a uretprobe cannot tell which
 * return instruction was taken).
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../codegen/dctx.h"
#include "../codegen/emit.h"
#include "uproc.h"
#include "uprov.h"

struct pidreq {
	struct probe_table *tab;
	struct uproc *up;
	const char *mod, *func, *name;	/* "*" for an empty field */
	struct probe_err *err;
	size_t n;			/* probes matched */
	bool wide;			/* "pid*": every process's (uwide.c) */
};

static int fail(struct probe_err *err, const char *tag, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(struct probe_err *err, const char *tag, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
	err->tag = tag;
	return -1;
}

/* How many bytes of f there are from off (at most an instruction's 15). */
static size_t bytes_left(struct uobj *o, const struct ufunc *f, uint64_t off)
{
	uint64_t n = f->size > off ? f->size - off : 0;

	n = n > 15 ? 15 : n;
	return uproc_bytes(o, f->addr + off, n) ? (size_t)n : 0;
}

/* The probe of function f named pname, created if need be. */
static void add_probe(struct pidreq *r, struct uobj *o, const struct ufunc *f,
		      const char *pname, enum usite_kind kind, uint64_t off,
		      bool optional)
{
	struct probe_table *tab = r->tab;
	/* a file's own probes (no process maps it yet): "pid" alone */
	const char *provname = r->up->pid > 0 ?
			 arena_printf(tab->arena, "pid%d", r->up->pid) : "pid";
	char *key = arena_printf(tab->arena, "%s:%s:%s:%s", provname, o->name,
				 f->name, pname);
	struct usite *s;
	struct probe *p;

	size_t len = bytes_left(o, f, off);
	const uint8_t *code = uproc_bytes(o, f->addr + off, len);

	r->n++;
	p = strmap_get(&tab->ubyname, key);
	if (p) {
		/* made by an earlier description: pid*'s all the same */
		if (r->wide)
			uwide_mark(tab, (struct usite *)p->priv);
		return;
	}
	/* made by a glob, on an instruction uprobes refuse: not made */
	if (optional && !uinsn_uprobe_ok(code, code ? len : 0)) {
		r->n--;
		return;
	}
	s = arena_alloc(tab->arena, sizeof(*s));
	s->pid = r->up->pid;
	s->path = o->path;
	s->kind = kind;
	s->addr = f->addr + off + o->bias;
	s->optional = optional;
	s->in_exe = o->is_exe;
	s->file = o->file;
	s->prov = "pid";
	s->obj = o;
	s->func_addr = f->addr;
	if (uproc_file_offset(o, f->addr + off, &s->off) < 0) {
		r->n--;
		return;
	}
	p = probes_add(tab, &prov_pid, o->name, f->name, pname);
	p->provname = provname;
	p->priv = s;
	s->prid = p->id;
	strmap_put(&tab->ubyname, key, p);
	if (r->wide)
		uwide_mark(tab, s);
}

/* A literal offset name ("1c"): one probe, on an instruction's start. */
static int offset_probe(struct pidreq *r, struct uobj *o, const struct ufunc *f)
{
	char *end, pname[32];
	unsigned long long off = strtoull(r->name, &end, 16);
	uint32_t *offs;
	int n, i;

	if (*end != '\0' || end == r->name)
		return fail(r->err, "D_PROC_NAME", "'%s' is an invalid probe name",
			    r->name);
	if (off >= f->size)
		return fail(r->err, "D_PROC_OFF",
			    "offset 0x%llx outside of function '%s'", off, f->name);
	n = uproc_insns(o, f, &offs);
	for (i = 0; i < n && offs[i] < off; i++)
		;
	if (i == n || offs[i] != off) {
		free(offs);
		return fail(r->err, "D_PROC_ALIGN",
			    "offset 0x%llx is not aligned on an instruction", off);
	}
	free(offs);
	snprintf(pname, sizeof(pname), "%llx", off);
	add_probe(r, o, f, pname, off == 0 ? US_ENTRY : US_OFFSET, off, false);
	return 0;
}

/* Every instruction whose offset (in hexadecimal) the name matches. */
static void glob_offsets(struct pidreq *r, struct uobj *o, const struct ufunc *f)
{
	uint32_t *offs;
	int n = uproc_insns(o, f, &offs);
	char pname[32];

	for (int i = 0; i < n; i++) {
		snprintf(pname, sizeof(pname), "%x", offs[i]);
		if (probes_gmatch(pname, r->name))
			add_probe(r, o, f, pname, offs[i] ? US_OFFSET : US_ENTRY,
				  offs[i], true);
	}
	free(offs);
}

static int per_func(struct pidreq *r, struct uobj *o, const struct ufunc *f)
{
	/* a function a glob names may start with an instruction uprobes
	 * refuse (a lock prefix): it is skipped, not an error */
	bool some = probes_is_glob(r->func) || probes_is_glob(r->mod);
	bool named = false;

	if (probes_gmatch("return", r->name)) {
		add_probe(r, o, f, "return", US_RETURN, 0, some);
		named = true;
	}
	if (probes_gmatch("entry", r->name)) {
		add_probe(r, o, f, "entry", US_ENTRY, 0, some);
		named = true;
	}
	if (!probes_is_glob(r->name) && !named)
		return offset_probe(r, o, f);
	if (probes_is_glob(r->name))
		glob_offsets(r, o, f);
	return 0;
}

/* Names a glob skips, as DTrace: versioned and compiler-made ones. */
static bool glob_skips(const char *name)
{
	return strchr(name, '@') || strchr(name, '.');
}

static int per_obj(struct pidreq *r, struct uobj *o)
{
	uint64_t last = UINT64_MAX;

	uproc_funcs(o);
	if (!probes_is_glob(r->func)) {
		const struct ufunc *f = uproc_func(o, r->func);

		/* its canonical name: the first of its aliases (uproc.c) */
		while (f && f > o->funcs && f[-1].addr == f->addr)
			f--;
		if (f)
			return per_func(r, o, f);
		if (!probes_is_glob(r->mod))
			return fail(r->err, "D_PROC_FUNC",
				    "failed to lookup '%s' in module '%s'",
				    r->func, r->mod);
		return 0;
	}
	for (size_t i = 0; i < o->nfuncs; i++) {
		const struct ufunc *f = &o->funcs[i];

		/* one probe per address: aliases are sorted together */
		if (f->addr == last || glob_skips(f->name) ||
		    !probes_gmatch(f->name, r->func))
			continue;
		last = f->addr;
		if (per_func(r, o, f) < 0)
			return -1;
	}
	return 0;
}

/*
 * The function "-": the name is an address in the program, as DTrace's
 * pid provider allows ("pid123::-:401a2c").
 */
static int absolute_probe(struct pidreq *r, const char *mod)
{
	unsigned long long addr;
	char *end, pname[32];

	if (*mod && (probes_is_glob(mod) || !r->up->nobjs))
		return fail(r->err, "D_PROC_LIB", "only the a.out module is valid "
			    "with the '-' function");
	if (probes_is_glob(r->name))
		return fail(r->err, "D_PROC_NAME", "only individual addresses may "
			    "be specified with the '-' function");
	addr = strtoull(r->name, &end, 16);
	if (*end || end == r->name)
		return fail(r->err, "D_PROC_NAME", "'%s' is an invalid probe name",
			    r->name);
	for (size_t i = 0; i < r->up->nobjs; i++) {
		struct uobj *o = &r->up->objs[i];
		struct ufunc f = { .name = "-", .addr = addr - o->bias, .size = 1 };

		if (!o->is_exe)
			continue;
		if (*mod && !uproc_mod_match(o->name, o->file, true, mod))
			break;
		if (addr < o->start || addr >= o->end)
			return 0;
		snprintf(pname, sizeof(pname), "%llx", addr);
		add_probe(r, o, &f, pname, US_OFFSET, 0, false);
		return 0;
	}
	return fail(r->err, "D_PROC_LIB", "only the a.out module is valid "
		    "with the '-' function");
}

/* Does a file mapped at path answer to the module pattern (arg)? */
static bool maps_module(const char *path, const char *key, void *arg)
{
	const char *base = strrchr(path, '/');

	(void)key;
	base = base ? base + 1 : path;
	/* as the program too: uproc_get tells which one it is */
	return uproc_mod_match(base, base, true, arg);
}

/* pid*: the probes of r->up (a process or a file) in the objects named */
static void scan_objects(struct pidreq *r)
{
	struct probe_err ignored = { 0 };
	struct probe_err *err = r->err;

	if (r->up->err)
		return;
	/* a process without the function is not an error here */
	r->err = &ignored;
	for (size_t i = 0; i < r->up->nobjs; i++) {
		struct uobj *o = &r->up->objs[i];

		if (uproc_mod_match(o->name, o->file, o->is_exe, r->mod))
			per_obj(r, o);
	}
	r->err = err;
}

/* pid*: process pid's probes, if it maps an object the module names */
static void scan_one(int pid, void *arg)
{
	struct pidreq *r = arg;

	if (!uproc_any_xmap(pid, maps_module, (void *)r->mod))
		return;
	r->up = uproc_get(r->tab, pid);
	scan_objects(r);
}

/* pid*: a file the module names that no process maps yet (ufile.c) */
static void scan_file_only(const char *path, void *arg)
{
	struct pidreq *r = arg;

	if (uproc_maps_file(r->tab, path))
		return;
	r->up = uproc_file(r->tab, path);
	scan_objects(r);
}

static int pid_populate(struct probe_table *tab, const char *prov,
			const char *mod, const char *func, const char *name,
			struct probe_err *err)
{
	long pid = uproc_desc_pid(prov);
	char pname[32];
	struct pidreq r = { .tab = tab, .err = err,
			    .mod = *mod ? mod : "*", .func = *func ? func : "*",
			    .name = *name ? name : "*" };

	if (strcmp(prov, "pid0") == 0)
		return fail(err, "D_PROC_BADPID", "pid0 does not contain a valid pid");
	/* a glob over every process's pid provider, for a module named */
	if (pid < 0 && strncmp(prov, "pid", 3) == 0 && uwide_glob(prov, "pid") &&
	    strcmp(r.mod, "*") != 0 && strcmp(r.func, "-") != 0) {
		r.wide = true;
		uproc_each(scan_one, &r);
		ufile_each(r.mod, scan_file_only, &r);
		return 0;
	}
	if (pid <= 0)
		return 0;
	snprintf(pname, sizeof(pname), "pid%ld", pid);
	if (!probes_gmatch(pname, prov))
		return 0;
	if (pid == getpid())
		return fail(err, "D_PROC_DYN", "process %s is dtrace itself",
			    pname + 3);
	r.up = uproc_get(tab, (int)pid);
	if (r.up->err)
		return fail(err, "D_PROC_GRAB", "failed to grab process %ld: %s",
			    pid, strerror(-r.up->err));
	if (strcmp(r.func, "-") == 0)
		return absolute_probe(&r, mod);
	for (size_t i = 0; i < r.up->nobjs; i++) {
		struct uobj *o = &r.up->objs[i];

		if (uproc_mod_match(o->name, o->file, o->is_exe, r.mod) &&
		    per_obj(&r, o) < 0)
			return -1;
	}
	return 0;
}

bool usite_match(const struct probe *p, const char *mod, const char *func)
{
	const struct usite *s = p->priv;
	const struct ufunc *f;

	if (!uproc_mod_match(p->mod, s ? s->file : NULL, s && s->in_exe, mod))
		return false;
	if (probes_gmatch(p->func, func))
		return true;
	/* another name of the function ("_go" for the canonical "go") */
	return s && s->kind != US_USDT && !probes_is_glob(func) &&
	       (f = uproc_func(s->obj, func)) && f->addr == s->func_addr;
}

static int pid_plan(struct probe **probes, size_t n, struct dobj *obj,
		    struct attach_vec *out)
{
	return uprobe_plan(&prov_pid, probes, n, obj, out);
}

/* struct pt_regs (x86-64): where each argument register is saved */
static const int16_t arg_reg[6] = {
	112,	/* di */
	104,	/* si */
	96,	/* dx */
	88,	/* cx */
	72,	/* r8 */
	64,	/* r9 */
};
#define PT_REGS_AX	80
#define PT_REGS_SP	152

static void pid_prologue_args(const struct attach *at, struct emit *e,
			      int nargs)
{
	if (at->data == US_RETURN) {	/* arg0 0, arg1 the return value */
		prov_emit_zero_args(e, 0, 1);
		if (nargs > 1) {
			emit(e, I_LDX_MEM(BPF_DW, R1, R6, PT_REGS_AX));
			emit(e, I_STX_MEM(BPF_DW, REG_DCTX, R1, prov_argoff(1)));
		}
		prov_emit_zero_args(e, 2, nargs);
		return;
	}
	for (int i = 0; i < nargs && i < 6; i++) {
		emit(e, I_LDX_MEM(BPF_DW, R1, R6, arg_reg[i]));
		emit(e, I_STX_MEM(BPF_DW, REG_DCTX, R1, prov_argoff(i)));
	}
	if (nargs <= 6)
		return;
	if (nargs > DCTX_NARGS)
		nargs = DCTX_NARGS;
	/* the seventh argument on: the stack, above the return address */
	emit(e, I_MOV64_REG(R1, REG_DCTX));
	emit(e, I_ALU64_IMM(BPF_ADD, R1, prov_argoff(6)));
	emit(e, I_MOV64_IMM(R2, 8 * (nargs - 6)));
	emit(e, I_LDX_MEM(BPF_DW, R3, R6, PT_REGS_SP));
	emit(e, I_ALU64_IMM(BPF_ADD, R3, 8));
	emit(e, I_CALL(BPF_FUNC_probe_read_user));
}

const struct provider prov_pid = {
	.name = "pid",
	.populate = pid_populate,
	.match_modfunc = usite_match,
	.plan = pid_plan,
	.prologue_prid = uprobe_emit_prid,
	.prologue_args = pid_prologue_args,
	.attach = uprobe_attach,
};
