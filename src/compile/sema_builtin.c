/*
 * Semantic analysis of the built-ins that are more than a name with a
 * fixed type: args[] (typed per probe from the provider's description of
 * its arguments), uregs[] (the thread's user registers), inline uses,
 * the built-ins Linux cannot back (cwd, root), and the macro variables
 * beyond $N and the dtrace process's ids ($projid, $taskid, and
 * -x defaultargs).
 *
 * args[i] and uregs[e] are rewritten into NK_IDENT nodes whose builtin is
 * BV_ARGS or BV_UREGS (aux holding i, rhs holding e), so that the code
 * generator reaches them through cg_builtin like every other built-in.
 */
#include <bpf/btf.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../codegen/dctx.h"
#include "../providers/provider.h"
#include "btf.h"
#include "lex.h"
#include "sema_impl.h"

static const char *const bv_names[] = {
#define BUILTIN(name, id, type) #name,
#include "builtins.def"
#undef BUILTIN
};

bool sema_builtin_name(const char *name)
{
	for (int i = 0; i < BV_COUNT; i++)
		if (strcmp(bv_names[i], name) == 0)
			return true;
	return false;
}

/* ---- identifiers -------------------------------------------------- */

/* uintptr_t, by that name so that messages show it as DTrace does */
static const struct dtype *sema_caller_type(struct sema *s)
{
	struct dtype *t = arena_alloc(s->a, sizeof(*t));

	*t = *type_typedef(s->types, "uintptr_t");
	t->name = "uintptr_t";
	return t;
}

bool sema_builtin_ident(struct sema *s, struct node *n, int *rc)
{
	struct dsym *y = sema_lookup(s, SYM_INLINE, n->name);

	*rc = -1;
	if (y) {
		*rc = sema_inline_use(s, n, y);
		return true;
	}
	if (strcmp(n->name, "args") == 0 || strcmp(n->name, "uregs") == 0) {
		diag_error(s->diag, n->loc, D_IDENT_BADREF,
			   "%s[ ] must be subscripted", n->name);
		return true;
	}
	if (strcmp(n->name, "curpsinfo") == 0 ||
	    strcmp(n->name, "curlwpsinfo") == 0) {
		*rc = sema_unsupported(s, n, n->name);
		return true;
	}
	/* the calling function's address: DTrace types it uintptr_t
	 * (cg_caller.c computes it) */
	if (strcmp(n->name, "caller") == 0 || strcmp(n->name, "ucaller") == 0) {
		n->builtin = n->name[0] == 'u' ? BV_UCALLER : BV_CALLER;
		*rc = 0;
		n->type = sema_caller_type(s);
		return true;
	}
	return false;
}

/* ---- macro variables ---------------------------------------------- */

bool sema_builtin_macro(struct sema *s, struct node *n, int *rc)
{
	char *end;
	long idx;

	*rc = 0;
	if (!n->quoted && (strcmp(n->name, "projid") == 0 ||
			   strcmp(n->name, "taskid") == 0)) {
		/* Linux has no projects or tasks: every process is in 0 */
		n->kind = NK_INT;
		n->ival = 0;
		n->int_suffix = 0;
		n->type = &s->types->t_int;
		return true;
	}
	idx = strtol(n->name, &end, 10);
	if (!s->defaultargs || end == n->name || *end || idx < s->argc)
		return false;
	/* -x defaultargs: an unset $N is 0, an unset $$N "" */
	if (n->quoted) {
		n->kind = NK_STRING;
		n->sval = "";
		n->slen = 0;
		n->type = &s->types->t_string;
	} else {
		n->kind = NK_INT;
		n->ival = 0;
		n->int_suffix = 0;
		n->type = &s->types->t_int;
	}
	return true;
}

/* ---- args[] types ------------------------------------------------- */

/* Kernel typedefs common in tracepoint formats, without reading BTF. */
static const struct {
	const char *name;
	uint8_t size;
	bool is_signed;
} kernel_ints[] = {
	{ "u8", 1, false }, { "u16", 2, false }, { "u32", 4, false },
	{ "u64", 8, false }, { "s8", 1, true }, { "s16", 2, true },
	{ "s32", 4, true }, { "s64", 8, true }, { "__u8", 1, false },
	{ "__u16", 2, false }, { "__u32", 4, false }, { "__u64", 8, false },
	{ "__s8", 1, true }, { "__s16", 2, true }, { "__s32", 4, true },
	{ "__s64", 8, true }, { "bool", 1, false }, { "_Bool", 1, false },
	{ "umode_t", 2, false }, { "loff_t", 8, true }, { "gfp_t", 4, false },
	{ "qid_t", 4, false }, { "rwf_t", 4, true }, { "fmode_t", 4, false },
	{ "clockid_t", 4, true }, { "timer_t", 4, true }, { "mqd_t", 4, true },
	{ "key_serial_t", 4, true }, { "aio_context_t", 8, false },
	{ "cap_user_header_t", 8, false }, { "cap_user_data_t", 8, false },
	{ "sector_t", 8, false }, { "blkcnt_t", 8, false },
};

static const struct dtype *int_of(struct sema *s, uint32_t size, bool sign)
{
	struct dtypes *t = s->types;

	switch (size) {
	case 1: return sign ? &t->t_char : &t->t_uchar;
	case 2: return sign ? &t->t_short : &t->t_ushort;
	case 4: return sign ? &t->t_int : &t->t_uint;
	default: return sign ? &t->t_long : &t->t_ulong;
	}
}

/* an integer typedef of the running kernel, from its BTF, or NULL */
static const struct dtype *btf_int(struct sema *s, const char *name)
{
	struct btf *btf = dbtf_vmlinux(s->types);	/* the run's one copy */
	const struct dtype *r = NULL;
	int id;

	if (!btf)
		return NULL;
	id = btf__find_by_name_kind(btf, name, BTF_KIND_TYPEDEF);
	if (id > 0) {
		id = btf__resolve_type(btf, id);
		const struct btf_type *bt = id > 0 ? btf__type_by_id(btf, id) : NULL;

		if (bt && btf_is_int(bt))
			r = int_of(s, bt->size,
				   btf_int_encoding(bt) & BTF_INT_SIGNED);
		else if (bt && btf_is_enum(bt))
			r = int_of(s, bt->size, true);
	}
	return r;
}

/* C's base type words ("unsigned long", "char") to a type, or NULL */
static const struct dtype *c_base(struct sema *s, char **w, int nw)
{
	bool u = false, sign = false, ch = false, sh = false, in = false;
	int longs = 0;

	for (int i = 0; i < nw; i++) {
		if (strcmp(w[i], "unsigned") == 0) u = true;
		else if (strcmp(w[i], "signed") == 0) sign = true;
		else if (strcmp(w[i], "char") == 0) ch = true;
		else if (strcmp(w[i], "short") == 0) sh = true;
		else if (strcmp(w[i], "int") == 0) in = true;
		else if (strcmp(w[i], "long") == 0) longs++;
		else return NULL;
	}
	if (ch)
		return u ? &s->types->t_uchar : &s->types->t_char;
	if (sh)
		return int_of(s, 2, !u);
	if (longs)
		return int_of(s, 8, !u);
	if (u || sign || in)
		return int_of(s, 4, !u);
	return NULL;
}

static const struct dtype *named_int(struct sema *s, const char *name)
{
	const struct dtype *t = type_typedef(s->types, name);

	if (t)
		return t;
	for (size_t i = 0; i < sizeof(kernel_ints) / sizeof(kernel_ints[0]); i++)
		if (strcmp(kernel_ints[i].name, name) == 0)
			return int_of(s, kernel_ints[i].size,
				      kernel_ints[i].is_signed);
	return btf_int(s, name);
}

/*
 * The D type of a probe argument from its C type text: integers by C's
 * words, D's typedefs, the kernel's typedefs (BTF); char arrays and
 * kernel strings are strings; pointers to kernel structs, unions and
 * typedefs point to their BTF types, other pointers to void; what is
 * left (a struct passed by value) takes the width and sign the
 * argument is loaded with.
 */
static const struct dtype *arg_type(struct sema *s, const struct probe_arg *a)
{
	char buf[256], *w[16], *save = NULL;
	int nw = 0, nptr = 0;
	bool array = false;
	const struct dtype *t = NULL;

	if (a->is_string)
		return &s->types->t_string;
	if (!a->type)
		return int_of(s, a->size ? a->size : 8, a->is_signed);
	snprintf(buf, sizeof(buf), "%s", a->type);
	for (char *p = buf; *p; p++) {
		if (*p == '*')
			nptr++, *p = ' ';
		else if (*p == '[')
			array = true, *p = '\0', p[1] = '\0';
	}
	for (char *t1 = strtok_r(buf, " \t", &save); t1 && nw < 16;
	     t1 = strtok_r(NULL, " \t", &save))
		if (strcmp(t1, "const") && strcmp(t1, "volatile") &&
		    strcmp(t1, "__user") && strcmp(t1, "restrict") &&
		    strcmp(t1, "__restrict"))
			w[nw++] = t1;
	if (nw == 0)
		return int_of(s, 8, true);
	if (strcmp(w[0], "struct") && strcmp(w[0], "union") &&
	    strcmp(w[0], "enum"))
		t = nw == 1 && !c_base(s, w, nw) ? named_int(s, w[0])
						  : c_base(s, w, nw);
	else if (strcmp(w[0], "enum") == 0)
		t = &s->types->t_int;
	else if (nw > 1 && nptr)	/* a kernel struct or union, by BTF */
		t = dbtf_lookup(s->types, s->a, NULL,
				w[0][0] == 's' ? DT_STRUCT : DT_UNION, w[1]);
	/* a pointer to a kernel typedef of a struct ("atomic_t *") */
	if (!t && nw == 1 && nptr)
		t = dbtf_lookup(s->types, s->a, NULL, DT_VOID, w[0]);
	if (array && nptr == 0 && t && t->size == 1)
		return &s->types->t_string;	/* char[N]: the characters */
	if (nptr) {
		const struct dtype *p = type_pointer(s->a, t ? t : &s->types->t_void);

		for (int i = 1; i < nptr; i++)
			p = type_pointer(s->a, p);
		return p;
	}
	if (t && !array)
		return t;
	return int_of(s, a->size && a->size <= 8 ? a->size : 8, a->is_signed);
}

static bool same_type(const struct dtype *a, const struct dtype *b)
{
	while (a->kind == DT_PTR && b->kind == DT_PTR) {
		a = a->base;
		b = b->base;
	}
	return a == b || (a->kind == b->kind && a->size == b->size &&
			  a->is_signed == b->is_signed &&
			  a->kind != DT_PTR && b->kind != DT_PTR);
}

static const char *probe_desc(struct sema *s, const struct probe *p)
{
	return arena_printf(s->a, "%s:%s:%s:%s", p->provname, p->mod, p->func,
			    p->name);
}

/* args[i]: i a constant, in range for every probe, one type for all */
static int sema_args_index(struct sema *s, struct node *n, struct node *ix,
			   int64_t i)
{
	const struct dtype *t = NULL;
	bool any_expr = false;

	if (s->nprobes == 0) {
		/* an inline's body, checked outside any clause: DTrace's
		 * dt_idcook_args() tag and words */
		diag_error(s->diag, n->loc, D_ARGS_NONE,
			   "args[ ] may not be referenced outside of a probe clause");
		return -1;
	}
	for (size_t k = 0; k < s->nprobes; k++) {
		struct probe *p = s->probes[k];

		if (p->nargs < 0 && p->prov->args && s->ptab)
			p->prov->args(s->ptab, p);
		if (i < 0 || i >= (p->nargs < 0 ? 0 : p->nargs) ||
		    i >= DCTX_NARGS) {
			diag_error(s->diag, ix->loc, D_ARGS_IDX,
				   "index %lld is out of range for %s args[ ]",
				   (long long)i, probe_desc(s, p));
			return -1;
		}
		if (p->args[i].expr) {
			any_expr = true;	/* sema_args_expr, below */
			continue;
		}
		const struct dtype *pt = arg_type(s, &p->args[i]);

		if (t && !same_type(t, pt)) {
			diag_error(s->diag, n->loc, D_ARGS_TYPE,
				   "args[%lld] has different types on the probes of this clause: \"%s\" on %s, \"%s\" on %s",
				   (long long)i, type_name(s->a, t),
				   probe_desc(s, s->probes[0]),
				   type_name(s->a, pt), probe_desc(s, p));
			return -1;
		}
		t = t ? t : pt;
	}
	if (any_expr)
		return sema_args_expr(s, n, (int)i);	/* sema_argexpr.c */
	n->kind = NK_IDENT;
	n->name = "args";
	n->builtin = BV_ARGS;
	n->aux = (int)i;
	n->type = t;
	n->is_args = true;
	return 0;
}

/* uregs[] past x86-64's pt_regs and the task->thread registers after it
 * (cg_uregs.c) */
#define UREGS_LAST	25

bool sema_is_builtin_index(struct sema *s, const struct node *n)
{
	const struct node *l = n->lhs;

	return n->kind == NK_INDEX && l->kind == NK_IDENT &&
	       (strcmp(l->name, "args") == 0 || strcmp(l->name, "uregs") == 0) &&
	       !sema_lookup(s, SYM_ASSOC, l->name);
}

int sema_builtin_index(struct sema *s, struct node *n)
{
	struct node *ix = n->args;
	bool is_args = strcmp(n->lhs->name, "args") == 0;

	int argc = 0;
	int64_t v;

	for (struct node *a = ix; a; a = a->next)
		argc++;
	/* DTrace's prototype of both: one integer constant */
	if (argc != 1) {
		diag_error(s->diag, n->loc, D_PROTO_LEN,
			   "%s[ ] prototype mismatch: %d arg%s passed, 1 expected",
			   n->lhs->name, argc, argc == 1 ? "" : "s");
		return -1;
	}
	if (sema_expr(s, ix) < 0)
		return -1;
	if (!type_is_int(ix->type) || !sema_folded_const(s, ix, &v)) {
		diag_error(s->diag, srcloc_reported_at(ix->loc, n->loc),
			   D_PROTO_ARG,
			   "%s[ ] argument #1 is incompatible with prototype:\n\tprototype: integer constant\n\t argument: %s",
			   n->lhs->name, type_name(s->a, ix->type));
		return -1;
	}
	if (is_args)
		return sema_args_index(s, n, ix, v);
	if (v < 0 && ix->type->is_signed) {
		diag_error(s->diag, ix->loc, D_REGS_IDX,
			   "index %lld is out of range for array uregs",
			   (long long)v);
		return -1;
	}
	if ((uint64_t)v > UREGS_LAST) {	/* as DTrace's code generator */
		diag_error(s->diag, ix->loc, D_UNKNOWN,
			   "uregs[]: index out of bounds (%lld)", (long long)v);
		return -1;
	}
	n->aux = (int)v;
	n->kind = NK_IDENT;
	n->name = "uregs";
	n->builtin = BV_UREGS;
	n->rhs = ix;
	n->type = &s->types->t_u64;
	return 0;
}
