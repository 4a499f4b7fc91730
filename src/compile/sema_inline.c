/*
 * Inline definitions: "inline type NAME = expression;".  An inline is a
 * named expression with a declared type, as the Dynamic Tracing Guide
 * describes: its initializer is checked once, where it is defined (so an
 * inline cannot refer to itself, or to what is defined after it), and
 * every later use of NAME stands for that expression converted to the
 * declared type.  The shipped libraries (the .d files of lib/dtrace) are made of them.
 */
#include <string.h>

#include "parse.h"
#include "sema_impl.h"

/* What an existing definition of a name is, for the redefinition error. */
static const char *sym_what(const struct dsym *y)
{
	switch (y->kind) {
	case SYM_INLINE:
		return "scalar inline";
	case SYM_AGG:
		return "aggregation";
	default:
		return "scalar variable";
	}
}

static bool types_compatible(const struct dtype *to, const struct dtype *from)
{
	if (type_is_string(to) || type_is_string(from))
		return type_is_string(to) && type_is_string(from);
	if (type_is_sou(to) || type_is_sou(from))	/* rec2 = rec1 */
		return type_same(to, from);
	return type_is_scalar(to) && type_is_scalar(from);
}

static int inline_add(struct sema *s, struct node *n, const struct dtype *t,
		      bool unchecked)
{
	struct dsym *y = arena_alloc(s->a, sizeof(*y));

	y->kind = SYM_INLINE;
	y->name = n->name;
	y->loc = n->loc;
	y->type = t;
	y->init = n->init;
	y->later = n->later;
	y->tn = n->tn;
	y->unchecked = unchecked;
	vec_push(&s->syms, y);
	return 0;
}

int sema_inline_define(struct sema *s, struct node *n)
{
	struct dsym *old = NULL;

	for (size_t i = 0; i < s->syms.len && !old; i++)
		if (strcmp(s->syms.data[i]->name, n->name) == 0 &&
		    s->syms.data[i]->kind != SYM_AGG)
			old = s->syms.data[i];
	if (old) {
		diag_error(s->diag, n->loc, D_DECL_IDRED,
			   "identifier redefined: %s\n\t current: inline definition\n\tprevious: %s",
			   n->name, sym_what(old));
		return -1;
	}
	if (sema_builtin_name(n->name)) {
		diag_error(s->diag, n->loc, D_DECL_IDRED,
			   "identifier redefined: %s\n\t current: inline definition\n\tprevious: built-in variable",
			   n->name);
		return -1;
	}
	if (sema_func(n->name) != DF_NONE || sema_is_later_func(n->name)) {
		/* DTrace prints the kind and an empty type name: "function " */
		diag_error(s->diag, n->loc, D_DECL_IDRED,
			   "identifier redefined: %s\n\t current: inline definition\n\tprevious: function ",
			   n->name);
		return -1;
	}
	if (n->tn->kind == TN_ASSOC)	/* NAME[int x]: sema_inline_param.c */
		return sema_inline_param_define(s, n);
	const struct dtype *t = sema_type(s, n->tn);

	if (!t)
		return -1;
	if (s->in_library)	/* checked at its first use (inline_check) */
		return inline_add(s, n, t, true);
	if (sema_expr(s, n->init) < 0)
		return -1;
	if (t->kind == DT_VOID || !types_compatible(t, n->init->type)) {
		diag_error(s->diag, n->loc, D_OP_INCOMPAT,
			   "inline %s definition uses incompatible types: \"%s\" = \"%s\"",
			   n->name, type_name(s->a, t),
			   type_name(s->a, n->init->type));
		return -1;
	}
	return inline_add(s, n, t, false);
}

/* A library inline's initializer, parsed (again: parse_later.c) and
 * checked at its first use, so that programs that use none of
 * curpsinfo's kind load no kernel BTF and keep no tree of EPERM's. */
static int inline_check(struct sema *s, struct dsym *y)
{
	y->unchecked = false;
	if (!y->init && y->later &&
	    parse_later(s->a, s->diag, y->later, &y->init) < 0)
		return -1;
	if (sema_expr(s, y->init) < 0)
		return -1;
	if (y->type->kind == DT_VOID || !types_compatible(y->type, y->init->type)) {
		diag_error(s->diag, y->loc, D_OP_INCOMPAT,
			   "inline %s definition uses incompatible types: \"%s\" = \"%s\"",
			   y->name, type_name(s->a, y->type),
			   type_name(s->a, y->init->type));
		return -1;
	}
	return 0;
}

/*
 * A use of inline y at n: n becomes the initializer, converted to the
 * declared type.  A string or a struct or union (of the same type: no
 * conversion exists) is the initializer itself; a scalar is a cast
 * of it, so the code generator narrows or widens it as the type says.
 * The initializer's nodes are shared by every use: they were checked
 * once and later passes only read them.
 */
int sema_inline_use(struct sema *s, struct node *n, struct dsym *y)
{
	struct srcloc loc = n->loc;
	struct node *next = n->next;

	if (y->tn && y->tn->kind == TN_ASSOC) {	/* fds without [fd] */
		diag_error(s->diag, n->loc, D_PROTO_LEN,
			   "%s[ ] prototype mismatch: 0 args passed, %d expected",
			   y->name, y->nkeys);
		return -1;
	}
	if (y->unchecked && inline_check(s, y) < 0)
		return -1;
	if (type_is_string(y->type) || type_is_sou(y->type)) {
		*n = *y->init;
	} else {
		n->kind = NK_CAST;
		n->lhs = y->init;
		n->tn = (struct tnode *)y->tn;
		n->builtin = -1;
	}
	n->loc = loc;
	n->next = next;
	n->type = y->type;
	n->inl = y;
	return 0;
}
