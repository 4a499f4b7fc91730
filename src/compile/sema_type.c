/*
 * Semantic analysis of types: type names (D's, the script's own and the
 * kernel's from BTF), declarations of types and typed global variables,
 * enumerators as constants, and the expressions whose meaning is about
 * types and memory: member access (. ->), unary * and &, indexing of
 * arrays and pointers, pointer arithmetic, sizeof, offsetof, stringof,
 * kernel symbols (`name) and curthread.
 *
 * Arrays and pointers are rewritten here into the forms code generation
 * knows: a[i] becomes *(a + i), and p + i scales i by the pointed-to
 * size, as C defines them; so only dereference reads memory.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "btf.h"
#include "lex.h"
#include "sema_impl.h"

const struct dname *sema_name_declared(const struct sema *s,
				       enum dname_kind k, const char *name)
{
	for (const struct dname *d = s->types->names; d; d = d->next)
		if (d->kind == k && strcmp(d->name, name) == 0)
			return d;
	return NULL;
}

/* a name declared so far, or by a library declaration left for its
 * first use (sema_defer.c), checked now */
static const struct dname *name_find(struct sema *s, enum dname_kind k,
				     const char *name)
{
	const struct dname *d = sema_name_declared(s, k, name);

	if (!d && k != DN_ENUMERATOR && sema_defer_resolve(s, k, name))
		d = sema_name_declared(s, k, name);
	return d;
}

static struct dname *name_add(struct sema *s, enum dname_kind k,
			      const char *name, const struct dtype *t,
			      int64_t v)
{
	struct dname *d = arena_alloc(s->a, sizeof(*d));

	d->kind = k;
	d->name = name;
	d->type = t;
	d->value = v;
	d->cdefs = s->cdefs;
	d->next = s->types->names;
	s->types->names = d;
	return d;
}

/* An integer constant expression (literals, enumerators, sizeof, + - *
 * / << >> | & and unary -), for array sizes, bit-fields, enumerators. */
static bool const_eval(struct sema *s, struct node *n, int64_t *v)
{
	int64_t a, b;

	if (sema_expr(s, n) < 0)
		return false;
	switch (n->kind) {
	case NK_INT:
		*v = (int64_t)n->ival;
		return true;
	case NK_UNARY:
		if (!const_eval(s, n->lhs, &a))
			return false;
		*v = n->op == TK_MINUS ? -a : n->op == TK_TILDE ? ~a : a;
		return n->op == TK_MINUS || n->op == TK_TILDE || n->op == TK_PLUS;
	case NK_BINARY:
		if (!const_eval(s, n->lhs, &a) || !const_eval(s, n->rhs, &b))
			return false;
		switch (n->op) {
		case TK_PLUS: *v = a + b; return true;
		case TK_MINUS: *v = a - b; return true;
		case TK_STAR: *v = a * b; return true;
		case TK_SLASH: if (!b) return false; *v = a / b; return true;
		case TK_SHL: *v = a << b; return true;
		case TK_SHR: *v = a >> b; return true;
		case TK_BOR: *v = a | b; return true;
		case TK_AMP: *v = a & b; return true;
		default: return sema_const_binop(n, a, b, v);
		}
	default:
		return sema_const_more(s, n, v, const_eval);
	}
}

static uint32_t type_align(const struct dtype *t)
{
	if (t->kind == DT_ARRAY)
		return type_align(t->base);
	if (type_is_sou(t)) {
		uint32_t al = 1;

		for (const struct dmember *m = t->members; m; m = m->next) {
			uint32_t ma = type_align(m->type);

			al = ma > al ? ma : al;
		}
		return t->btf ? (t->size >= 8 ? 8 : 1) : al;
	}
	if (t->size == 0)
		return 1;
	if (t->kind == DT_FLOAT)
		return t->size;	/* long double: 16, as x86-64's ABI */
	return t->size >= 8 ? 8 : t->size;
}

/* The width of a bit-field member of type mt, checked as DTrace's
 * dt_decl_member() checks it; 0 for an unnamed zero-width one, which
 * DTrace ignores; -1 after an error. */
static int64_t bitfield_width(struct sema *s, const struct tmember *tm,
			      const struct dtype *mt)
{
	const char *name = tm->name ? tm->name : "(anon)";
	int64_t w;

	if (!const_eval(s, tm->bits, &w)) {
		diag_error(s->diag, tm->loc, D_DECL_BFCONST,
			   "positive integral constant expression expected as bit-field size");
		return -1;
	}
	if (w == 0 && !tm->name)
		return 0;
	if (w <= 0) {
		diag_error(s->diag, tm->loc, D_DECL_BFCONST,
			   "positive integral constant expression expected as bit-field size");
		return -1;
	}
	if (!type_is_int(mt)) {
		diag_error(s->diag, tm->loc, D_DECL_BFTYPE,
			   "invalid type for bit-field: %s", name);
		return -1;
	}
	if (w > 8 * (int64_t)mt->size) {
		diag_error(s->diag, tm->loc, D_DECL_BFSIZE,
			   "bit-field too big for type: %s", name);
		return -1;
	}
	return w;
}

/*
 * Lay out a struct or union's members as DTrace does (libctf's
 * ctf_add_member): each member starts at the first byte after the bits
 * of the one before, rounded up to its alignment, and the size ends with
 * the last member, without tail padding.  A bit-field is an integer of
 * its width: it occupies the smallest power-of-two number of bytes that
 * holds it, and is aligned to that (so `int a:1; int b:3;` is 2 bytes).
 */
static int sou_body(struct sema *s, const struct tnode *tn, struct dtype *d)
{
	struct dmember **tail = &d->members;
	uint32_t end = 0, size = 0;
	bool is_union = tn->kind == TN_UNION, first = true;

	for (const struct tmember *tm = tn->members; tm; tm = tm->next) {
		const struct dtype *mt;
		struct dmember *m;
		uint32_t msize, al, off = 0;
		int64_t w = 0;

		/* a function (or void) has no size: DTrace's dt_decl_member() */
		if (tm->tn->kind == TN_FUNC) {
			diag_error(s->diag, tm->loc, D_DECL_VOIDOBJ,
				   "cannot have void member: %s",
				   tm->name ? tm->name : "(anon)");
			return -1;
		}
		if (!(mt = sema_type(s, tm->tn)))
			return -1;
		if (tm->bits && (w = bitfield_width(s, tm, mt)) <= 0) {
			if (w < 0)
				return -1;
			continue;
		}
		if (mt->kind == DT_VOID) {
			diag_error(s->diag, tm->loc, D_DECL_VOIDOBJ,
				   "cannot have void member: %s",
				   tm->name ? tm->name : "(anon)");
			return -1;
		}
		if (type_is_sou(mt) && mt->incomplete) {
			diag_error(s->diag, tm->loc, D_DECL_INCOMPLETE,
				   "incomplete struct/union/enum %s: %s",
				   type_name(s->a, mt), tm->name ? tm->name : "");
			return -1;
		}
		for (const struct dmember *o = d->members; o; o = o->next)
			if (tm->name && o->name && strcmp(o->name, tm->name) == 0) {
				/* DTrace's words: libctf's ctf_add_member() fails */
				diag_error(s->diag, tm->loc, D_UNKNOWN,
					   "failed to define member '%s': Duplicate member or variable name",
					   tm->name);
				return -1;
			}
		msize = mt->size;
		al = type_align(mt);
		if (w) {
			for (msize = 1; msize * 8 < (uint64_t)w; msize *= 2)
				;
			al = msize;
		}
		if (!is_union && !first)
			off = ((end + 7) / 8 + al - 1) / al * al;
		m = arena_alloc(s->a, sizeof(*m));
		m->name = tm->name;
		m->type = mt;
		m->bit_off = off * 8;
		m->bits = (uint32_t)w;
		end = off * 8 + (w ? (uint32_t)w : msize * 8);
		if (off + msize > size)
			size = off + msize;
		first = false;
		*tail = m;
		tail = &m->next;
	}
	d->size = size;
	d->incomplete = false;
	return 0;
}

static const struct dtype *tagged(struct sema *s, const struct tnode *tn);

/* D`name and C`name scope a type to DTrace's own containers (the
 * script's and D's types), never the kernel's. */
bool sema_own_scope(const char *mod)
{
	return mod && (strcmp(mod, "D") == 0 || strcmp(mod, "C") == 0);
}

/* struct/union/enum with a body: defined once, however many declarators
 * share it (the tnode is the parser's, in the compilation's arena) */
static const struct dtype *tagged_body(struct sema *s, const struct tnode *tn)
{
	if (!tn->defined)
		((struct tnode *)tn)->defined = tagged(s, tn);
	return tn->defined;
}

/* struct/union/enum NAME: the script's, else the kernel's, else a
 * forward declaration to be completed later. */
static const struct dtype *tagged(struct sema *s, const struct tnode *tn)
{
	enum dtype_kind k = tn->kind == TN_STRUCT ? DT_STRUCT :
			    tn->kind == TN_UNION ? DT_UNION : DT_ENUM;
	const char *kw = k == DT_STRUCT ? "struct" : k == DT_UNION ? "union" : "enum";
	const char *full = tn->name ? arena_printf(s->a, "%s %s", kw, tn->name)
				    : arena_printf(s->a, "%s <anon>", kw);
	const struct dname *dn = tn->name ? name_find(s, DN_TAG, full) : NULL;
	struct dtype *d;

	if (!tn->has_body) {
		if (dn)
			return dn->type;
		const struct dtype *kt = tn->name && !sema_own_scope(tn->module) ?
			dbtf_lookup(s->types, s->a, tn->module, k, tn->name) : NULL;

		if (kt)
			return kt;
		if (tn->module) {
			diag_error(s->diag, tn->loc, D_UNKNOWN_TYPE,
				   "undefined type name: %s`%s", tn->module, full);
			return NULL;
		}
		d = arena_alloc(s->a, sizeof(*d));
		d->kind = k;
		d->name = full;
		d->incomplete = true;
		d->size = k == DT_ENUM ? 4 : 0;
		d->is_signed = k == DT_ENUM;
		name_add(s, DN_TAG, full, d, 0);
		return d;
	}
	if (dn && !dn->type->incomplete) {
		diag_error(s->diag, tn->loc, D_DECL_TYPERED,
			   "type redeclared: %s", full);
		return NULL;
	}
	d = dn ? (struct dtype *)dn->type : arena_alloc(s->a, sizeof(*d));
	d->kind = k;
	d->name = full;
	/* incomplete until its body is laid out: `struct r { struct r x; }` */
	d->incomplete = true;
	if (!dn && tn->name)
		name_add(s, DN_TAG, full, d, 0);
	if (k != DT_ENUM)
		return sou_body(s, tn, d) < 0 ? NULL : d;
	int64_t v = 0;

	d->size = 4;
	d->is_signed = true;
	for (const struct tenum *e = tn->enums; e; e = e->next, v++) {
		if (e->value && !const_eval(s, e->value, &v)) {
			diag_error(s->diag, e->loc, D_DECL_ENCONST,
				   "enumerator '%s' must be assigned to an integral constant expression",
				   e->name);
			return NULL;
		}
		if (v < INT32_MIN || v > INT32_MAX) {
			diag_error(s->diag, e->loc, D_DECL_ENOFLOW,
				   "enumerator '%s' value overflows INT_MAX (%d)",
				   e->name, INT32_MAX);
			return NULL;
		}
		const struct dname *was = name_find(s, DN_ENUMERATOR, e->name);

		if (was && was->type == d) {	/* CTF refuses it in the enum */
			diag_error(s->diag, e->loc, D_UNKNOWN,
				   "failed to define enumerator '%s': Duplicate member or variable name",
				   e->name);
			return NULL;
		}
		if (was) {
			diag_error(s->diag, e->loc, D_DECL_IDRED,
				   "identifier redeclared: %s", e->name);
			return NULL;
		}
		name_add(s, DN_ENUMERATOR, e->name, d, v);
	}
	d->incomplete = false;
	return d;
}

/* The name DTrace's dt_decl_type() looks up for base type keywords b:
 * the attributes in its order, then the type name unless an attribute
 * such as short or long already says it. */
static const char *attr_type_name(struct sema *s, unsigned b)
{
	static const struct { unsigned bit; const char *word; } words[] = {
		{ BS_SIGNED, "signed " }, { BS_UNSIGNED, "unsigned " },
		{ BS_SHORT, "short " }, { BS_LONG, "long " },
		{ BS_LONGLONG, "long long " },
	};
	const char *name = b & BS_CHAR ? "char" : b & BS_INT ? "int" : "";
	const char *out = "";

	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (b & words[i].bit)
			out = arena_printf(s->a, "%s%s", out, words[i].word);
	if (!(b & (BS_SHORT | BS_LONG | BS_LONGLONG)))
		out = arena_printf(s->a, "%s%s", out, name);
	return out;
}

/* The combinations of base type keywords DTrace rejects (dt_decl.c). */
static int check_base_spec(struct sema *s, const struct tnode *tn)
{
	unsigned b = tn->spec;
	unsigned names = b & (BS_VOID | BS_CHAR | BS_INT | BS_FLOAT |
			      BS_DOUBLE | BS_STRING | BS_BOOL);
	unsigned attrs = b & (BS_SHORT | BS_LONG | BS_LONGLONG | BS_SIGNED |
			      BS_UNSIGNED);
	enum dtag tag = D_DECL_COMBO;
	const char *msg = "invalid type combination";

	if (names & (names - 1)) {
		/* two type names */
	} else if (((b & BS_SHORT) && (b & (BS_LONG | BS_LONGLONG))) ||
		   ((b & BS_SIGNED) && (b & BS_UNSIGNED))) {
		/* contradictory attributes: DTrace finds no such type */
		diag_error(s->diag, tn->loc, D_UNKNOWN,
			   "failed to resolve type %s: Unknown type name",
			   attr_type_name(s, b));
		return -1;
	} else if ((names & BS_VOID) && attrs) {
		tag = D_DECL_VOIDATTR;
		msg = "invalid type declaration: attributes may not be used with void type";
	} else if ((names & BS_CHAR) && (attrs & (BS_SHORT | BS_LONG | BS_LONGLONG))) {
		tag = D_DECL_CHARATTR;
		msg = "invalid type declaration: short and long may not be used with char type";
	} else if ((names & (BS_STRING | BS_BOOL | BS_FLOAT | BS_DOUBLE)) &&
		   (attrs & (BS_SIGNED | BS_UNSIGNED))) {
		tag = D_DECL_SIGNINT;
		msg = "invalid type declaration: signed and unsigned may only be used with integer type";
	} else if ((names & (BS_STRING | BS_BOOL)) &&
		   (attrs & (BS_SHORT | BS_LONG | BS_LONGLONG))) {
		tag = D_DECL_LONGINT;
		msg = "invalid type declaration: long and short may only be used with integer or floating-point type";
	} else {
		return 0;
	}
	diag_error(s->diag, tn->loc, tag, "%s", msg);
	return -1;
}

static const struct dtype *base_type(struct sema *s, const struct tnode *tn)
{
	struct dtypes *t = s->types;
	unsigned b = tn->spec;
	bool u = b & BS_UNSIGNED;

	if (check_base_spec(s, tn) < 0)
		return NULL;

	if (b & BS_VOID)
		return &t->t_void;
	if (b & BS_STRING)
		return &t->t_string;
	if (b & (BS_FLOAT | BS_DOUBLE))
		return sema_float_type(s, tn);
	if (b & BS_CHAR)
		return u ? &t->t_uchar : &t->t_char;
	if (b & BS_SHORT)
		return u ? &t->t_ushort : &t->t_short;
	if (b & BS_LONGLONG)
		return u ? &t->t_ullong : &t->t_llong;
	if (b & BS_LONG)
		return u ? &t->t_ulong : &t->t_long;
	if (b & BS_BOOL)
		return &t->t_bool;
	return u ? &t->t_uint : &t->t_int;
}

const struct dtype *sema_typedef_lookup(struct sema *s, const char *name)
{
	const struct dname *dn = name_find(s, DN_TYPEDEF, name);

	if (dn)
		return dn->type;
	return type_typedef(s->types, name);
}

static const struct dtype *typedef_type(struct sema *s, const struct tnode *tn)
{
	bool own = !tn->module || sema_own_scope(tn->module);
	const struct dname *dn = own ? name_find(s, DN_TYPEDEF, tn->name) : NULL;
	const struct dtype *d;

	if (dn)
		return dn->type;
	if (own && (d = type_typedef_named(s->a, s->types, tn->name)))
		return d;
	d = sema_own_scope(tn->module) ? NULL :
	    dbtf_lookup(s->types, s->a, tn->module, DT_VOID, tn->name);
	if (d)
		return d;
	diag_error(s->diag, tn->loc, D_UNKNOWN_TYPE, "undefined type name: %s%s%s",
		   tn->module ? tn->module : "", tn->module ? "`" : "", tn->name);
	return NULL;
}

const struct dtype *sema_type(struct sema *s, const struct tnode *tn)
{
	switch (tn->kind) {
	case TN_BASE:
		return base_type(s, tn);
	case TN_POINTER: {
		const struct dtype *b = sema_type(s, tn->base);

		return b ? type_pointer(s->a, b) : NULL;
	}
	case TN_TYPEDEF:
		return typedef_type(s, tn);
	case TN_STRUCT: case TN_UNION: case TN_ENUM:
		return tn->has_body ? tagged_body(s, tn) : tagged(s, tn);
	case TN_ARRAY: {
		const struct dtype *b = sema_type(s, tn->base);
		int64_t n;

		if (!b)
			return NULL;
		if (!tn->dim && tn->sysh)	/* C's "a[]" (parse_sysh.c) */
			return type_array(s->a, b, 0);
		if (!tn->dim) {
			diag_error(s->diag, tn->loc, D_DECL_ARRNULL,
				   "array declaration requires a dimension");
			return NULL;
		}
		if (!const_eval(s, tn->dim, &n) || n <= 0) {
			diag_error(s->diag, tn->loc, D_DECL_ARRSUB,
				   "positive integral constant expression or tuple signature expected as array declaration subscript");
			return NULL;
		}
		/* DTrace's limit is UINT_MAX; object sizes here are int32 */
		if (n > INT32_MAX) {
			diag_error(s->diag, tn->loc, D_DECL_ARRBIG,
				   "array dimension too big");
			return NULL;
		}
		if (b->kind == DT_VOID || b->kind == DT_STRING ||
		    (type_is_sou(b) && b->incomplete)) {
			diag_error(s->diag, tn->loc, D_DECL_VOIDOBJ,
				   "cannot have array of %s", type_name(s->a, b));
			return NULL;
		}
		return type_array(s->a, b, (uint32_t)n);
	}
	case TN_FUNC:
		return sema_func_type(s, tn);	/* sema_extern.c */
	default:
		diag_error(s->diag, tn->loc, D_UNSUPPORTED,
			   "this type is not supported yet");
		return NULL;
	}
}

/* A typed global variable: "int x;", "struct foo f;", "char buf[16];" */
static int decl_global(struct sema *s, struct node *n, const struct dtype *t)
{
	if (t->kind == DT_VOID || t->kind == DT_FUNC ||
	    (type_is_sou(t) && t->incomplete)) {
		diag_error(s->diag, n->loc, t->kind == DT_VOID ? D_DECL_VOIDOBJ :
			   D_DECL_INCOMPLETE, "cannot declare %s of type %s",
			   n->name, type_name(s->a, t));
		return -1;
	}
	struct dsym *y = sema_lookup(s, SYM_GLOBAL, n->name);

	if (sema_builtin_name(n->name) || sema_global_ident(s, n->name)) {
		diag_error(s->diag, n->loc, D_DECL_IDRED,
			   "built-in identifier redeclared: %s", n->name);
		return -1;
	}
	if (y) {
		if (type_same(y->type, t))
			return 0;
		diag_error(s->diag, n->loc, D_DECL_IDRED,
			   "identifier redeclared: %s", n->name);
		return -1;
	}
	if (n->init)
		return sema_unsupported(s, n, "an initializer");
	y = arena_alloc(s->a, sizeof(*y));
	uint32_t align = type_align(t);

	if (t->kind == DT_STRING || align > 8)
		align = 8;
	y->kind = SYM_GLOBAL;
	y->name = n->name;
	y->loc = n->loc;
	y->type = t;
	y->declared = true;
	s->globals_size = (s->globals_size + align - 1) & ~(align - 1);
	y->offset = s->globals_size;
	s->globals_size += t->size;
	vec_push(&s->syms, y);
	return 0;
}

int sema_decl(struct sema *s, struct node *n)
{
	const struct dtype *t;

	/* DTrace's dt_node_decl(); an extern array's size is the
	 * symbol's business ("extern int a[];", as in C) */
	if (n->name && n->storage != SC_TYPEDEF &&
	    n->storage != SC_EXTERN && n->tn->kind == TN_ARRAY &&
	    !n->tn->dim && !n->tn->sysh) {
		diag_error(s->diag, n->tn->loc, D_DECL_ARRNULL,
			   "array declaration requires array dimension or tuple signature: %s",
			   n->name);
		return -1;
	}
	if (n->storage == SC_EXTERN && n->tn->kind == TN_ARRAY &&
	    !n->tn->dim) {
		if (!(t = sema_type(s, n->tn->base)))
			return -1;
		t = type_array(s->a, t, 0);
	} else if (!(t = sema_type(s, n->tn))) {
		return -1;
	}
	if (!n->name)
		return 0;	/* "struct foo { ... };", "enum e { ... };" */
	if (n->storage == SC_TYPEDEF) {
		if (name_find(s, DN_TYPEDEF, n->name)) {
			/* DTrace's dt_node_decl() tag and words */
			diag_error(s->diag, n->loc, D_DECL_IDRED,
				   "typedef redeclared: %s", n->name);
			return -1;
		}
		struct dtype *td = arena_memdup(s->a, t, sizeof(*td));

		td->name = n->name;
		name_add(s, DN_TYPEDEF, n->name, td, 0)->target = t;
		return 0;
	}
	if (n->storage != SC_NONE && n->storage != SC_EXTERN) {
		/* auto, register, static: DTrace's dt_node_decl() */
		diag_error(s->diag, n->loc, D_DECL_BADCLASS,
			   "specified storage class not appropriate in D");
		return -1;
	}
	/* a function declared outside typedef is extern, as in DTrace */
	if (n->storage == SC_EXTERN || t->kind == DT_FUNC)
		return sema_extern_decl(s, n, t);	/* sema_extern.c */
	return decl_global(s, n, t);
}

bool sema_enum_ident(struct sema *s, struct node *n)
{
	const struct dname *d = name_find(s, DN_ENUMERATOR, n->name);

	if (!d)
		return false;
	n->kind = NK_INT;
	n->ival = (uint64_t)d->value;
	n->int_suffix = 0;
	n->is_char = false;
	n->type = d->type;
	return true;
}

const struct dtype *sema_curthread_type(struct sema *s, struct node *n)
{
	const struct dtype *t = dbtf_lookup(s->types, s->a, NULL, DT_STRUCT,
					    "task_struct");

	if (!t) {
		diag_error(s->diag, n->loc, D_UNKNOWN_TYPE,
			   "curthread needs the kernel's BTF (struct task_struct), which is not available");
		return NULL;
	}
	return type_pointer(s->a, t);
}

/*
 * curcpu is a built-in pointer, as in DTrace, to a cpuinfo_t the program
 * fills where it reads curcpu (cg_var.c): it can be cast, compared and
 * stored like any pointer.
 */
const struct dtype *sema_curcpu_type(struct sema *s, struct node *n)
{
	const struct dname *dn = name_find(s, DN_TYPEDEF, "cpuinfo_t");

	if (!dn) {
		diag_error(s->diag, n->loc, D_UNKNOWN_TYPE,
			   "curcpu needs cpuinfo_t, which the sched.d library defines");
		return NULL;
	}
	return type_pointer(s->a, dn->type);
}
