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

static const struct dname *name_find(struct sema *s, enum dname_kind k,
				     const char *name)
{
	for (const struct dname *d = s->types->names; d; d = d->next)
		if (d->kind == k && strcmp(d->name, name) == 0)
			return d;
	return NULL;
}

static void name_add(struct sema *s, enum dname_kind k, const char *name,
		     const struct dtype *t, int64_t v)
{
	struct dname *d = arena_alloc(s->a, sizeof(*d));

	d->kind = k;
	d->name = name;
	d->type = t;
	d->value = v;
	d->next = s->types->names;
	s->types->names = d;
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
		default: return false;
		}
	default:
		return false;
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
	return t->size >= 8 ? 8 : t->size;
}

/* Lay out a struct or union's members as C does (natural alignment,
 * bit-fields packed into units of their declared type). */
static int sou_body(struct sema *s, const struct tnode *tn, struct dtype *d)
{
	struct dmember **tail = &d->members;
	uint32_t bit = 0, size = 0, align = 1;
	bool is_union = tn->kind == TN_UNION;

	for (const struct tmember *tm = tn->members; tm; tm = tm->next) {
		const struct dtype *mt = sema_type(s, tm->tn);
		struct dmember *m = arena_alloc(s->a, sizeof(*m));
		uint32_t al;

		if (!mt)
			return -1;
		if (mt->kind == DT_VOID || (type_is_sou(mt) && mt->incomplete)) {
			diag_error(s->diag, tm->loc, D_DECL_INCOMPLETE,
				   "incomplete struct/union/enum %s: %s",
				   type_name(s->a, mt), tm->name ? tm->name : "");
			return -1;
		}
		for (const struct dmember *o = d->members; o; o = o->next)
			if (tm->name && o->name && strcmp(o->name, tm->name) == 0) {
				diag_error(s->diag, tm->loc, D_DECL_IDRED,
					   "identifier redeclared: %s", tm->name);
				return -1;
			}
		al = type_align(mt);
		m->name = tm->name;
		m->type = mt;
		if (tm->bits) {
			int64_t w;

			if (!type_is_int(mt)) {
				diag_error(s->diag, tm->loc, D_DECL_BFTYPE,
					   "invalid type for bit-field: %s",
					   tm->name ? tm->name : "");
				return -1;
			}
			if (!const_eval(s, tm->bits, &w)) {
				diag_error(s->diag, tm->loc, D_DECL_BFCONST,
					   "positive integral constant expression expected as bit-field size");
				return -1;
			}
			if (w == 0 && !tm->name && !is_union) {
				/* as in C: pad to the type's next unit */
				uint32_t u = 8 * mt->size;

				bit = (bit + u - 1) / u * u;
				continue;
			}
			if (w <= 0 || w > 8 * (int64_t)mt->size) {
				diag_error(s->diag, tm->loc, D_DECL_BFSIZE,
					   "bit-field size must be between 1 and %u for type %s",
					   8 * mt->size, type_name(s->a, mt));
				return -1;
			}
			uint32_t unit = 8 * mt->size;

			if (is_union)
				bit = 0;
			else if (bit / unit != (bit + (uint32_t)w - 1) / unit)
				bit = (bit + unit - 1) / unit * unit;
			m->bit_off = bit;
			m->bits = (uint32_t)w;
			if (!is_union)
				bit += (uint32_t)w;
			size = is_union ? (mt->size > size ? mt->size : size)
					: (bit + 7) / 8;
		} else {
			uint32_t off = is_union ? 0 : ((bit + 7) / 8 + al - 1) / al * al;

			m->bit_off = off * 8;
			if (!is_union)
				bit = (off + mt->size) * 8;
			if (off + mt->size > size)
				size = off + mt->size;
		}
		if (al > align)
			align = al;
		*tail = m;
		tail = &m->next;
	}
	d->size = (size + align - 1) / align * align;
	d->incomplete = false;
	return 0;
}

static const struct dtype *tagged(struct sema *s, const struct tnode *tn);

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
		const struct dtype *kt = tn->name ?
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
				   "enumerator '%s' must be assigned an integral constant expression",
				   e->name);
			return NULL;
		}
		if (v < INT32_MIN || v > INT32_MAX) {
			diag_error(s->diag, e->loc, D_DECL_ENOFLOW,
				   "enumerator '%s' value overflows INT_MAX (%d)",
				   e->name, INT32_MAX);
			return NULL;
		}
		if (name_find(s, DN_ENUMERATOR, e->name)) {
			diag_error(s->diag, e->loc, D_DECL_IDRED,
				   "identifier redeclared: %s", e->name);
			return NULL;
		}
		name_add(s, DN_ENUMERATOR, e->name, d, v);
	}
	d->incomplete = false;
	return d;
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

	if (names & (names - 1) ||
	    ((b & BS_SHORT) && (b & (BS_LONG | BS_LONGLONG))) ||
	    ((b & BS_SIGNED) && (b & BS_UNSIGNED))) {
		/* two type names, or contradictory attributes */
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

static const struct dtype *typedef_type(struct sema *s, const struct tnode *tn)
{
	const struct dname *dn = tn->module ? NULL :
				 name_find(s, DN_TYPEDEF, tn->name);
	const struct dtype *d;

	if (dn)
		return dn->type;
	if (!tn->module && (d = type_typedef_named(s->a, s->types, tn->name)))
		return d;
	d = dbtf_lookup(s->types, s->a, tn->module, DT_VOID, tn->name);
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

	if (sema_builtin_name(n->name)) {
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
	const struct dtype *t = sema_type(s, n->tn);

	if (!t)
		return -1;
	if (!n->name)
		return 0;	/* "struct foo { ... };", "enum e { ... };" */
	if (n->storage == SC_TYPEDEF) {
		if (name_find(s, DN_TYPEDEF, n->name)) {
			diag_error(s->diag, n->loc, D_DECL_TYPERED,
				   "type redeclared: %s", n->name);
			return -1;
		}
		struct dtype *td = arena_memdup(s->a, t, sizeof(*td));

		td->name = n->name;
		name_add(s, DN_TYPEDEF, n->name, td, 0);
		return 0;
	}
	if (n->storage != SC_NONE && n->storage != SC_EXTERN)
		return sema_unsupported(s, n, "this storage class");
	if (n->storage == SC_EXTERN)
		return sema_unsupported(s, n, "an extern declaration");
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
