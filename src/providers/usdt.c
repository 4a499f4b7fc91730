/*
 * USDT probes: every SDT note (<sys/sdt.h>, dtrace -h headers) of every
 * object a process maps, as <provider><PID>:<module>:<function>:<name>
 * (python1234:libpython3.11.so.1.0:_PyEval_EvalFrameDefault:function-entry).
 * The function is the one holding the probe site, the name is the
 * note's with "__" written "-" (DTrace's convention: function__entry is
 * function-entry).  A probe placed several times in one function is one
 * probe with several sites.  Probes exist once a description names them
 * (a pid in the provider, or a glob: "python*" matches every process
 * with a python provider), or for -l of a -c/-p process.  Arguments come
 * from the note's specifications; the semaphore, when the note has one,
 * is raised by the kernel while the uprobe is attached, so that code
 * guarded by PROBE_ENABLED() runs.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../codegen/dctx.h"
#include "../codegen/emit.h"
#include "uproc.h"
#include "uprov.h"

struct usdtreq {
	struct probe_table *tab;
	struct uproc *up;
	const char *prov, *mod, *func, *name;	/* "*" for an empty field */
	bool globbed;		/* the provider a glob without a process id */
	size_t n;
};

/* "function__entry" as DTrace names it: "function-entry" */
static const char *dashed(struct arena *a, const char *name)
{
	char *d = arena_strdup(a, name), *w = d;

	for (const char *r = name; *r; r++) {
		if (r[0] == '_' && r[1] == '_') {
			*w++ = '-';
			r++;
		} else {
			*w++ = *r;
		}
	}
	*w = '\0';
	return d;
}

/*
 * The site's own copy of the note's arguments, a symbol's (x(%rip))
 * read relative to the site: the uprobe's ip is the site's address in
 * the process that fired, so the symbol's address there is that plus
 * their distance in the file, whatever the address the object has in
 * the process (ASLR, a shared library): a site attached for every
 * process (uwide.c) reads each one's own variable.  One that cannot be
 * found reads as 0.
 */
static struct usdt_arg *site_args(struct arena *a, struct uobj *o,
				  const struct usdt_note *nt)
{
	struct usdt_arg *v = arena_memdup(a, nt->args,
					  sizeof(*v) * (size_t)nt->nargs);
	uint64_t addr;

	for (int i = 0; i < nt->nargs; i++) {
		if (v[i].kind != UA_SYM)
			continue;
		v[i].kind = UA_NONE;
		if (uproc_sym_addr(o, v[i].sym, v[i].symlen, &addr) == 0) {
			v[i].kind = UA_MEM;
			v[i].reg = PT_REGS_IP;
			v[i].val += (int64_t)(addr - nt->pc);
		}
		v[i].sym = NULL;
	}
	return v;
}

/* The provider note's probe for a note, or NULL. */
static const struct udef_probe *def_of(const struct uobj *o,
				       const struct usdt_note *nt)
{
	for (size_t i = 0; i < o->ndefs; i++)
		if (strcmp(o->defs[i].prov, nt->prov) == 0 &&
		    strcmp(o->defs[i].name, nt->name) == 0)
			return &o->defs[i];
	return NULL;
}

/*
 * A provider definition's arguments: args[i] (and argi) is native
 * argument map[i], with its C type; the native ones are the note's.
 */
static void apply_def(struct arena *a, struct usite *s,
		      const struct udef_probe *d)
{
	struct usdt_arg *v;

	if (!d || d->nnative != s->nargs)
		return;
	v = arena_alloc(a, sizeof(*v) * (size_t)(d->nargs + 1));
	for (int i = 0; i < d->nargs; i++)
		v[i] = s->args[d->map[i] < s->nargs ? d->map[i] : 0];
	s->args = v;
	s->nargs = d->nargs;
	s->types = d->types;
}

static void add_site(struct usdtreq *r, struct uobj *o,
		     const struct usdt_note *nt)
{
	struct probe_table *tab = r->tab;
	const struct ufunc *f = uproc_func_at(o, nt->pc);
	const char *fname = f ? f->name : "";
	const char *pname = dashed(tab->arena, nt->name);
	/* a file's own probes (no process maps it yet): the bare name */
	char *provname = r->up->pid > 0 ?
			 arena_printf(tab->arena, "%s%d", nt->prov, r->up->pid) :
			 arena_strdup(tab->arena, nt->prov);
	struct usite *s;
	struct probe *p;
	char *key;

	if (nt->nargs < 0 || !probes_gmatch(provname, r->prov) ||
	    (r->up->pid < 0 && !uwide_glob(r->prov, nt->prov)) ||
	    !probes_gmatch(fname, r->func) || !probes_gmatch(pname, r->name))
		return;
	r->n++;
	s = arena_alloc(tab->arena, sizeof(*s));
	s->pid = r->up->pid;
	s->path = o->path;
	s->kind = US_USDT;
	s->in_exe = o->is_exe;
	s->file = o->file;
	s->prov = nt->prov;
	s->obj = o;
	s->addr = nt->pc + o->bias;
	s->args = site_args(tab->arena, o, nt);
	s->nargs = nt->nargs;
	apply_def(tab->arena, s, def_of(o, nt));
	if (uproc_file_offset(o, nt->pc, &s->off) < 0 ||
	    (nt->sema && uproc_file_offset(o, nt->sema, &s->ref_ctr_off) < 0))
		return;
	key = arena_printf(tab->arena, "%s:%s:%s:%s", provname, o->name, fname,
			   pname);
	p = strmap_get(&tab->ubyname, key);
	if (p) {
		const struct usite **last = (const struct usite **)&p->priv;

		for (; *last; last = (const struct usite **)&(*last)->next)
			if ((*last)->off == s->off) {
				/* named by an earlier description (the -c
				 * process's listing): the glob's all the same */
				if (r->globbed && uwide_glob(r->prov, nt->prov))
					uwide_mark(tab, (struct usite *)*last);
				return;
			}
		s->prid = p->id;
		*last = s;
		if (r->globbed && uwide_glob(r->prov, nt->prov))
			uwide_mark(tab, s);
		return;
	}
	p = probes_add(tab, &prov_usdt, o->name, fname, pname);
	p->provname = provname;
	p->priv = s;
	s->prid = p->id;
	strmap_put(&tab->ubyname, key, p);
	if (r->globbed && uwide_glob(r->prov, nt->prov))
		uwide_mark(tab, s);
}

/* The probes of r->up (a process, or a file) that the request names. */
static void per_objects(struct usdtreq *r)
{
	if (r->up->err)
		return;
	for (size_t i = 0; i < r->up->nobjs; i++) {
		struct uobj *o = &r->up->objs[i];
		int n;

		if (!uproc_mod_match(o->name, o->file, o->is_exe, r->mod))
			continue;
		n = uproc_notes(o, r->tab->arena);
		if (n > 0)
			uproc_funcs(o);
		for (int k = 0; k < n; k++)
			add_site(r, o, &o->notes[k]);
	}
}

/* The probes of process pid that the request names. */
static void per_process(struct usdtreq *r, int pid)
{
	r->up = uproc_get(r->tab, pid);
	per_objects(r);
}

/*
 * A provider field without a process id but with a glob ("python*"):
 * every process that maps an object with a provider it matches.  The
 * objects' notes are read once per file (by device and inode), with
 * libelf alone; only the processes that match are read in full.
 */
struct scan {
	struct usdtreq *r;
	struct strmap files;	/* "dev:ino" -> struct scanned */
	struct arena a;
	int pid;		/* the process being looked at */
};

struct scanned {
	const char **provs;	/* the providers its notes name */
	size_t n;
};

static struct scanned *scan_file(struct scan *sc, const char *path,
				 const char *key)
{
	struct scanned *f = strmap_get(&sc->files, key);
	struct usdt_note *notes;
	Elf *elf;
	int fd, n;

	if (f)
		return f;
	f = arena_alloc(&sc->a, sizeof(*f));
	strmap_put(&sc->files, arena_strdup(&sc->a, key), f);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return f;
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	n = elf ? usdt_notes_read(elf, &sc->a, &notes) : 0;
	f->provs = arena_alloc(&sc->a, sizeof(*f->provs) * (size_t)(n + 1));
	for (int i = 0; i < n; i++) {
		size_t j = 0;

		while (j < f->n && strcmp(f->provs[j], notes[i].prov) != 0)
			j++;
		if (j == f->n)
			f->provs[f->n++] = notes[i].prov;
	}
	if (elf)
		elf_end(elf);
	close(fd);
	return f;
}

/* Has the file at path (key: its identity) a provider sc names? */
static bool file_matches(const char *path, const char *key, void *arg)
{
	struct scan *sc = arg;
	struct scanned *f = scan_file(sc, path, key);
	char buf[256];

	for (size_t i = 0; i < f->n; i++) {
		snprintf(buf, sizeof(buf), "%s%d", f->provs[i], sc->pid);
		if (probes_gmatch(buf, sc->r->prov))
			return true;
	}
	return false;
}

/* Process pid's probes, if it maps an object with a provider named. */
static void scan_one(int pid, void *arg)
{
	struct scan *sc = arg;

	sc->pid = pid;
	if (uproc_any_xmap(pid, file_matches, sc))
		per_process(sc->r, pid);
}

/*
 * A file the module names that no process maps yet (ufile.c): its own
 * probes, if it has a provider the glob names in every process, which
 * uwide.c attaches for the processes that will map it.
 */
static void scan_file_only(const char *path, void *arg)
{
	struct scan *sc = arg;
	struct scanned *f;

	if (uproc_maps_file(sc->r->tab, path))
		return;
	f = scan_file(sc, path, path);
	for (size_t i = 0; i < f->n; i++)
		if (uwide_glob(sc->r->prov, f->provs[i])) {
			sc->r->up = uproc_file(sc->r->tab, path);
			per_objects(sc->r);
			return;
		}
}

static void scan_processes(struct usdtreq *r)
{
	struct scan sc = { .r = r };

	elf_version(EV_CURRENT);
	uproc_each(scan_one, &sc);
	if (strcmp(r->mod, "*") != 0)
		ufile_each(r->mod, scan_file_only, &sc);
	strmap_free(&sc.files);
	arena_free(&sc.a);
}

static int usdt_populate(struct probe_table *tab, const char *prov,
			 const char *mod, const char *func, const char *name,
			 struct probe_err *err)
{
	long pid = uproc_desc_pid(prov);
	struct usdtreq r = { .tab = tab, .prov = prov,
			     .mod = *mod ? mod : "*", .func = *func ? func : "*",
			     .name = *name ? name : "*" };
	char pname[32];

	(void)err;
	if (!*prov)
		return 0;
	snprintf(pname, sizeof(pname), "pid%ld", pid);
	if (pid > 0 && strcmp(prov, pname) == 0)
		return 0;	/* the pid provider's */
	if (pid > 0 && pid != getpid())
		per_process(&r, (int)pid);
	else if (pid < 0 && probes_is_glob(prov)) {
		r.globbed = true;
		scan_processes(&r);
	}
	return 0;
}

/* Every probe of the -c and -p processes, as DTrace lists them. */
static int usdt_enumerate(struct probe_table *tab)
{
	for (size_t i = 0; i < tab->ntargets; i++) {
		struct usdtreq r = { .tab = tab, .prov = "*", .mod = "*",
				     .func = "*", .name = "*" };

		per_process(&r, tab->targets[i]);
	}
	return 0;
}

/* only the -c and -p processes' probes are listed before a description
 * names them (usdt_populate) */
static bool usdt_has_name(const struct provider *prov,
			  struct probe_table *tab, const char *name)
{
	return tab->ntargets > 0;
}

/*
 * The types of a provider definition embedded in the program (dtrace -h
 * or -G), else integers of the widths and signs the notes give.
 */
static int usdt_args(struct probe_table *tab, struct probe *p)
{
	const struct usite *s = p->priv;
	struct probe_arg *a;

	if (!s || s->nargs <= 0) {
		p->nargs = 0;
		return 0;
	}
	a = arena_alloc(tab->arena, sizeof(*a) * (size_t)s->nargs);
	for (int i = 0; i < s->nargs; i++) {
		a[i].size = 8;
		a[i].is_signed = s->args[i].is_signed;
		a[i].type = s->types ? s->types[i] :
			    s->args[i].is_signed ? "int64_t" : "uint64_t";
	}
	p->args = a;
	p->nargs = s->nargs;
	return 0;
}

static int usdt_plan(struct probe **probes, size_t n, struct dobj *obj,
		     struct attach_vec *out)
{
	return uprobe_plan(&prov_usdt, probes, n, obj, out);
}

/* args[i] = the argument a describes, widened to 64 bits */
static void load_arg(struct emit *e, int i, const struct usdt_arg *a)
{
	int sh = 64 - 8 * a->size;

	switch (a->kind) {
	case UA_CONST:
		emit_ld_imm64(e, R1, (uint64_t)a->val);
		break;
	case UA_REG:
		emit(e, I_LDX_MEM(BPF_DW, R1, R6, a->reg));
		break;
	case UA_MEM:
		emit(e, I_ST_MEM(BPF_DW, REG_DCTX, prov_argoff(i), 0));
		emit(e, I_MOV64_REG(R1, REG_DCTX));
		emit(e, I_ALU64_IMM(BPF_ADD, R1, prov_argoff(i)));
		emit(e, I_MOV64_IMM(R2, a->size));
		emit_ld_imm64(e, R3, (uint64_t)a->val);
		if (a->reg >= 0) {
			emit(e, I_LDX_MEM(BPF_DW, R4, R6, a->reg));
			emit(e, I_ALU64_REG(BPF_ADD, R3, R4));
		}
		emit(e, I_CALL(BPF_FUNC_probe_read_user));
		emit(e, I_LDX_MEM(BPF_DW, R1, REG_DCTX, prov_argoff(i)));
		break;
	default:	/* UA_NONE */
		emit(e, I_MOV64_IMM(R1, 0));
		break;
	}
	if (sh > 0) {
		emit(e, I_ALU64_IMM(BPF_LSH, R1, sh));
		emit(e, I_ALU64_IMM(a->is_signed ? BPF_ARSH : BPF_RSH, R1, sh));
	}
	emit(e, I_STX_MEM(BPF_DW, REG_DCTX, R1, prov_argoff(i)));
}

static void usdt_prologue_args(const struct attach *at, struct emit *e,
			       int nargs)
{
	const struct usite_set *set = at->priv;
	const struct usite *s = set->v[0];

	for (int i = 0; i < nargs && i < DCTX_NARGS; i++) {
		if (i < s->nargs)
			load_arg(e, i, &s->args[i]);
		else
			prov_emit_zero_args(e, i, i + 1);
	}
}

const struct provider prov_usdt = {
	.name = "usdt",
	.enumerate = usdt_enumerate,
	.has_name = usdt_has_name,
	.populate = usdt_populate,
	.match_modfunc = usite_match,
	.args = usdt_args,
	.plan = usdt_plan,
	.prologue_prid = uprobe_emit_prid,
	.prologue_args = usdt_prologue_args,
	.attach = uprobe_attach,
};
