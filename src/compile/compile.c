/*
 * The compiler driver: parse every source, apply pragmas, match each
 * clause's probe descriptions, check the clauses, generate the programs.
 */
#include "compile.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../codegen/cg.h"
#include "../lib/strbuf.h"
#include "../providers/provider.h"
#include "../runtime/options.h"
#include "btf.h"
#include "ctf_out.h"
#include "stability.h"
#include "library.h"
#include "parse.h"
#include "pragma.h"
#include "progcheck.h"
#include "sema.h"

struct matcher {
	struct arena *a;
	VEC(struct probe *) probes;
	VEC(struct probe *) again;	/* named by a further description */
	VEC(uint8_t) seen;	/* by probe id: in probes already */
	struct dobj *list;	/* -l: each description's matches, appended */
	bool user;		/* a description may find user probes later */
	struct prov_attr desc;	/* the least of its descriptions' (-v) */
	const char *f[4];	/* a description's fields, as matched */
	struct dobj *descs;	/* where each description goes (-e -v) */
	uint32_t src;
};

/* p, once: a glob over fbt matches 100,000 probes */
static void add_match(struct probe *p, void *arg)
{
	struct matcher *m = arg;

	if (p->id < m->seen.len && m->seen.data[p->id])
		return;
	while (m->seen.len <= p->id)
		vec_push(&m->seen, 0);
	m->seen.data[p->id] = 1;
	vec_push(&m->probes, p);
}

/* Replace $N, $$N and $pid-style macros in a probe description. */
static const char *expand_desc(struct compile_req *req, struct arena *a,
			       const struct node *d, struct diag *diag)
{
	const char *s = d->sval;
	struct strbuf sb = { 0 };

	if (!strchr(s, '$'))
		return s;
	while (*s) {
		if (*s != '$') {
			sb_addc(&sb, *s++);
			continue;
		}
		const char *p = s + 1 + (s[1] == '$');

		if (isdigit((unsigned char)*p)) {
			long n = strtol(p, (char **)&p, 10);

			if (n >= req->argc) {
				diag_error(diag, d->loc, D_MACRO_UNDEF,
					   "macro argument %.*s is not defined",
					   (int)(p - s), s);
				sb_free(&sb);
				return NULL;
			}
			sb_adds(&sb, req->argv[n]);
		} else if (strncmp(p, "target", 6) == 0) {
			sb_printf(&sb, "%d", req->target);
			p += 6;
		} else if (strncmp(p, "pid", 3) == 0) {
			sb_printf(&sb, "%d", (int)getpid());
			p += 3;
		} else {
			sb_addc(&sb, *s);
			p = s + 1;
		}
		s = p;
	}
	const char *r = arena_strdup(a, sb_str(&sb));

	sb_free(&sb);
	return r;
}

/*
 * A probe id in a probe description list ("dtrace -i 3", or "3" among
 * descriptions): the probe itself, as dt_node_pdesc_by_id() finds it.
 */
static struct probe *match_id(struct compile_req *req, const struct node *d,
			      struct diag *diag)
{
	static const char *const what[] = { "", "functions", "modules",
					    "providers" };
	enum pspec spec = d->loc.src ? d->loc.src->pspec : PSPEC_NAME;
	struct probe *p;

	if (d->ival > UINT32_MAX) {
		diag_error(diag, d->loc, D_PDESC_INVAL,
			   "identifier %llu exceeds maximum probe id",
			   (unsigned long long)d->ival);
		return NULL;
	}
	if (spec != PSPEC_NAME) {
		diag_error(diag, d->loc, D_PDESC_INVAL,
			   "probe identifier %llu not permitted when specifying %s",
			   (unsigned long long)d->ival, what[spec]);
		return NULL;
	}
	/* ids count every provider's probes */
	probes_enumerate(req->probes);
	p = probes_get(req->probes, (uint32_t)d->ival);
	if (!p)
		diag_error(diag, d->loc, D_PDESC_INVAL,
			   "invalid probe identifier %llu: Unknown probe identifier",
			   (unsigned long long)d->ival);
	return p;
}

/* The probes one description matches, into one (each once). */
static int match_desc(struct compile_req *req, struct arena *a,
		      const struct node *d, struct matcher *one, bool *argref,
		      struct srcloc clause, struct diag *diag)
{
	const char *text, *f[4];
	struct probe *p;

	if (d->pdesc_id) {
		if (!(p = match_id(req, d, diag)))
			return -1;
		add_match(p, one);
		return 0;
	}
	text = expand_desc(req, a, d, diag);
	if (progcheck_desc_refs(d->sval, req->argc - 1))
		*argref = true;
	if (!text)
		return -1;
	if (parse_probedesc_fields(a, text, d->loc.src ? d->loc.src->pspec :
				   PSPEC_NAME, f) < 0) {
		/* dtrace_xstr2desc()'s EDT_BADSPEC, in DTrace's words */
		diag_error(diag, d->loc, D_PDESC_INVAL,
			   "invalid probe description \"%s\": Overspecified probe description",
			   text);
		return -1;
	}
	struct probe_err perr;

	if (probes_may_populate(f[0]))
		one->user = true;
	one->desc = stability_min(one->desc,
				  probes_desc_attrs(f[0], f[1], f[2], f[3]));
	memcpy(one->f, f, sizeof(one->f));
	/* (reported at the clause's line, as DTrace checks it there) */
	if (stability_check(diag, srcloc_reported_at(d->loc, clause),
			    req->opts->amin, f) < 0)
		return -1;
	if (!req->front_only &&
	    probes_populate(req->probes, f[0], f[1], f[2], f[3], &perr) < 0) {
		int tag = dtag_lookup(perr.tag);

		diag_error(diag, d->loc, tag < 0 ? D_PDESC_INVAL :
			   (enum dtag)tag, "%s", perr.msg);
		return -1;
	}
	if (probes_match(req->probes, f[0], f[1], f[2], f[3], add_match,
			 one) > 0)
		return 0;
	if (req->list_only && req->nomatch) {
		char *desc = arena_printf(a, "%s:%s:%s:%s", f[0], f[1], f[2],
					  f[3]);

		req->nomatch(desc, req->nomatch_arg);
	}
	if (!req->opts->zdefs) {
		const struct probe *u;
		const char *why = probes_unbacked(req->probes, f[0], f[1],
						  f[2], f[3], &u);
		/* tracefs or BTF missing: say so (DTrace's words stay as
		 * they are otherwise) */
		const char *env = req->front_only ? NULL :
				  probes_env_missing(req->probes);

		if (why)	/* the probe exists elsewhere */
			diag_error(diag, d->loc, D_PDESC_ZERO,
				   "probe description %s:%s:%s:%s does not match any probes: %s:%s:%s:%s needs %s%s%s",
				   f[0], f[1], f[2], f[3], u->provname, u->mod,
				   u->func, u->name, why, env ? "; " : "",
				   env ? env : "");
		else
			diag_error(diag, d->loc, D_PDESC_ZERO,
				   "probe description %s:%s:%s:%s does not match any probes%s%s",
				   f[0], f[1], f[2], f[3], env ? ": " : "",
				   env ? env : "");
		return -1;
	}
	return 0;
}

/* Match one clause's descriptions; its probes into *m. */
static int match_clause(struct compile_req *req, struct arena *a,
			struct node *clause, struct matcher *m,
			uint32_t *count, bool *argref, struct diag *diag)
{
	for (struct node *d = clause->probes; d; d = d->next) {
		/*
		 * Match each description on its own: -l lists what every
		 * description matches, so "-n BEGIN -n BEGIN" (or a clause
		 * for "BEGIN, BEGIN") lists BEGIN twice, as dtrace(1M) does.
		 */
		struct matcher one = { .a = a, .desc = stability_max };
		int err = match_desc(req, a, d, &one, argref, clause->loc,
				     diag);

		m->user |= one.user;
		m->desc = stability_min(m->desc, one.desc);
		if (m->descs && one.f[0])
			vec_push(&m->descs->descs, ((struct ddesc){ m->src,
				{ one.f[0], one.f[1], one.f[2], one.f[3] },
				one.probes.len ? one.probes.data[0] : NULL }));

		for (size_t i = 0; i < one.probes.len; i++) {
			struct probe *p = one.probes.data[i];

			if (p->id < m->seen.len && m->seen.data[p->id])
				vec_push(&m->again, p);
			add_match(p, m);
			if (m->list)
				vec_push(&m->list->probes, one.probes.data[i]);
		}
		*count += (uint32_t)one.probes.len;
		vec_free(&one.probes);
		vec_free(&one.seen);
		if (err < 0)
			return -1;
	}
	return 0;
}

/*
 * What the parser asks of a name in type position that neither D nor
 * the script declares: is it a typedef of the D libraries (psinfo_t,
 * ipinfo_t, a -L library's), or else of the kernel (BTF, loaded on the
 * first question)?  -l loads no libraries for its compilation; the
 * first question loads them aside (own), only for their names.
 */
struct type_names {
	struct compile_req *req;
	struct arena *a;
	const struct libset *ls;
	struct libset own;
	struct dtypes *types;
	bool loaded;
};

static bool lib_typedef(const struct libset *ls, const char *name)
{
	for (size_t i = 0; i < ls->n; i++)
		for (const struct node *n = ls->tops[i]; n; n = n->next)
			if (n->kind == NK_DECL && n->storage == SC_TYPEDEF &&
			    n->name && strcmp(n->name, name) == 0)
				return true;
	return false;
}

static bool is_type_name(void *ctx, const char *name)
{
	struct type_names *tn = ctx;

	if (!tn->ls && !tn->loaded) {
		struct diag ignored = { 0 };

		tn->loaded = true;
		(void)library_load(tn->req, tn->a, &ignored, &tn->own);
	}
	return lib_typedef(tn->ls ? tn->ls : &tn->own, name) ||
	       dbtf_is_type_name(tn->types, name);
}

static int parse_all(struct compile_req *req, struct arena *a,
		     struct node **tops, struct type_names *tn,
		     struct diag *diag)
{
	for (int i = 0; i < req->nsrcs; i++) {
		struct program prog = { .kernel_type = is_type_name,
					.kernel_ctx = tn };

		int rc = parse_program(a, &req->srcs[i], diag, &prog);

		tops[i] = prog.top;	/* what was read before an error too */
		if (rc < 0)
			return -1;
	}
	return 0;
}

static int apply_pragmas(struct compile_req *req, struct node **tops,
			 const struct libset *ls, struct diag *diag)
{
	for (int i = 0; i < req->nsrcs; i++)
		for (struct node *n = tops[i]; n; n = n->next)
			if (n->kind == NK_PRAGMA &&
			    (pragma_apply(n, req->opts, diag) < 0 ||
			     library_check_depends(n, ls, req, diag) < 0))
				return -1;
	return 0;
}

static int generate(struct compile_req *req, struct dobj *obj,
		    struct sema *s, struct cg_clause *cls, size_t ncls,
		    struct dtypes *types, struct diag *diag)
{
	struct cg cg = {
		.a = obj->arena, .diag = diag, .opts = req->opts,
		.types = types, .obj = obj, .globals_size = s->globals_size,
		.this_size = s->this_size,
		.dvpool_limit = cg_dvpool_limit(req->opts, s->syms.data,
						s->syms.len),
	};
	int err = cg_program(&cg, cls, ncls);

	cg_kskip_free(&cg);
	return err;
}

/*
 * Does the tracing read the kernel's BTF?  Only print() formats a
 * kernel type from it (runtime/fmt_type.c, through dval.type).  The
 * copy is the probe table's too (probes_kbtf): the command frees it
 * once tracing has started if no compiled program keeps it
 * (kbtf_trim), and a program compiled again while tracing reads it.
 */
static bool reads_btf(const struct dobj *obj)
{
	for (size_t i = 0; i < obj->stmts.len; i++)
		for (int j = 0; j < obj->stmts.data[i].nacts; j++)
			if (obj->stmts.data[i].acts[j].kind == DACT_PRINT)
				return true;
	return false;
}

/*
 * -x ctypes, -x dtypes: the types as the compilation left them, written
 * as DTrace's dt_compile() writes them whether or not it succeeded.  The
 * option opened the file already (runtime/options.c), so a path that
 * cannot be written was reported then; a write failing now is not, as
 * in DTrace, where only its debug output says so.
 */
static void write_types(const struct dopts *o, const struct dtypes *types)
{
	if (o->ctypes)
		(void)ctf_out_write(types, true, o->ctypes);
	if (o->dtypes)
		(void)ctf_out_write(types, false, o->dtypes);
}

int compile(struct compile_req *req, struct dobj *obj, struct diag *diag)
{
	struct arena *a = obj->arena;
	struct node **tops = arena_alloc(a, sizeof(*tops) * (req->nsrcs + 1));
	VEC(struct cg_clause) cls = { 0 };
	struct dtypes *types = arena_alloc(a, sizeof(*types));
	struct sema s;
	struct libset ls = { 0 };
	int err = -1;
	bool release = false;	/* the BTF, once compiled (dbtf_release) */

	obj->types = types;	/* freed with obj: the parser may load BTF */
	/* the kernel's BTF is the providers' (one parse per run) */
	if (req->probes)
		dbtf_share(types, probes_kbtf(req->probes));
	/*
	 * compiled again while tracing, for the -c and -p processes' new
	 * libraries and with -Z for new processes (runtime/ufork.c), if a
	 * description can find user probes there: no other probes appear
	 * then, and compiling again at every library a process loads
	 * would hold it (a Python start loads dozens) for nothing
	 */
	bool late = (req->target != 0 || req->opts->zdefs) &&
		    !req->list_only, user = false;
	obj->ptab = req->probes;
	/*
	 * DTrace declares what it parses as it parses it, and compiles the
	 * clauses once the program is read: after a syntax error, the
	 * declarations read before it are still checked, and an error in
	 * one of them is the one reported.
	 */
	/* the libraries first: the parser takes their typedefs as types */
	struct type_names tn = { .req = req, .a = a, .types = types,
				 .ls = req->list_only ? NULL : &ls };

	if (!req->list_only && library_load(req, a, diag, &ls) < 0)
		return -1;
	bool parsed = parse_all(req, a, tops, &tn, diag) == 0;
	struct diag syntax = *diag;

	if (!parsed)
		memset(diag, 0, sizeof(*diag));
	if (apply_pragmas(req, tops, &ls, diag) < 0)
		return -1;
	types_init(types, dopts_strbytes(req->opts));
	obj->types = types;
	sema_init(&s, a, diag, types, req->argv, req->argc);
	s.target = req->target;
	s.defaultargs = req->opts->defaultargs;
	s.version = req->opts->version;
	s.ptab = req->probes;
	/* -x ctypes and -x dtypes write every library type */
	if (library_compile(&s, &ls, !req->opts->ctypes && !req->opts->dtypes) < 0)
		goto out;
	for (int i = 0; i < req->nsrcs; i++) {
		uint32_t count = 0;
		struct prov_attr desc = stability_max, stmt = stability_max;

		if (parsed &&
		    progcheck_empty(&req->srcs[i], tops[i], req->opts->empty, diag) < 0)
			goto out;
		s.lastarg_ref = false;
		if (!req->list_only && progcheck_pragmas(&s, tops[i]) < 0)
			goto out;
		for (struct node *n = tops[i]; n; n = n->next) {
			if (n->kind != NK_CLAUSE) {
				if (!req->list_only && sema_toplevel(&s, n) < 0)
					goto out;
				continue;
			}
			if (!parsed)
				continue;
			struct matcher m = { .a = a,
					     .list = req->list_only ? obj : NULL,
					     .desc = stability_max,
					     .descs = req->list_only ? NULL : obj,
					     .src = (uint32_t)i };

			if (match_clause(req, a, n, &m, &count,
					 &s.lastarg_ref, diag) < 0) {
				vec_free(&m.probes);
				vec_free(&m.again);
				vec_free(&m.seen);
				goto out;
			}
			vec_free(&m.seen);
			user |= m.user;
			struct cg_clause c = { .clause = n, .probes = m.probes.data,
					       .nprobes = m.probes.len,
					       .index = (uint32_t)cls.len };

			/* the probe list lives as long as the compilation */
			c.probes = arena_memdup(a, m.probes.data ? (void *)m.probes.data : (void *)"",
						sizeof(struct probe *) * m.probes.len);
			vec_free(&m.probes);
			c.nagain = m.again.len;
			c.again = m.again.len ? arena_memdup(a, m.again.data,
					sizeof(struct probe *) * m.again.len) : NULL;
			vec_free(&m.again);
			s.probes = c.probes;	/* for args[] */
			s.nprobes = c.nprobes;
			if (!req->list_only && sema_clause(&s, n) < 0)
				goto out;
			desc = stability_min(desc, m.desc);
			stmt = stability_min(stmt, stability_clause(n,
							     c.probes, c.nprobes));
			vec_push(&cls, c);
		}
		if (!parsed)
			continue;
		/* -l checks no clause body: a reference anywhere counts */
		if (req->list_only && req->argc > 1 &&
		    progcheck_desc_refs(req->srcs[i].text, req->argc - 1))
			s.lastarg_ref = true;
		if (progcheck_argref(&req->srcs[i], req->argv, req->argc,
				     s.lastarg_ref, req->opts->argref, diag) < 0)
			goto out;
		vec_push(&obj->matched, count);
		vec_push(&obj->attrs, ((struct dsrc_attrs){
			{ desc.name, desc.data, desc.dclass },
			{ stmt.name, stmt.data, stmt.dclass } }));
	}
	if (!parsed) {
		*diag = syntax;
		goto out;
	}
	if (req->list_only || req->front_only) {
		/* -l: match_clause listed each description's probes */
		err = 0;
		goto out;
	}
	obj->late = late && user;
	err = generate(req, obj, &s, cls.data, cls.len, types, diag);
	release = err == 0 && !reads_btf(obj);
	if (s.destructive)
		obj->destructive = true;
out:
	write_types(req->opts, types);	/* kernel types' names are BTF's */
	if (release)
		dbtf_release(types);
	vec_free(&cls);
	sema_free(&s);
	return err;
}
