/*
 * Inlines with parameters: "inline T NAME[int x, ...] = expression;", the
 * form DTrace's io.d uses for fds[] (the fileinfo_t of a file descriptor
 * of the current process).  Such an inline is a SYM_INLINE whose type as
 * written (dsym.tn) is a TN_ASSOC: its parameters are the key types and
 * names.  Unlike a plain inline, whose initializer is checked once and
 * shared, every use NAME[a, ...] works on a fresh copy of the
 * initializer with each parameter replaced by its argument converted to
 * the parameter's type, checked afresh (checking rewrites a tree).  As
 * in DTrace, an argument is computed once, before the body: the use
 * becomes an NK_BIND per argument (lhs the converted argument, rhs the
 * rest) and each mention of the parameter an NK_BOUND reading it back
 * (cg_inline.c), so fds[i++] steps i once.
 *
 * The initializer of a program's own parametric inline is checked where
 * it is defined, with each parameter standing for a zero of its type; a
 * D library's is checked at its first use, like its other inlines.
 */
#include <string.h>

#include "sema_impl.h"

/* (T)(with): a parameter's value, with T its declared type */
static struct node *param_value(struct sema *s, const struct tparam *p,
				const struct node *with)
{
	struct node *c = node_new(s->a, NK_CAST, with->loc);

	c->tn = p->tn;
	c->lhs = (struct node *)with;
	return c;
}

/* An NK_BIND of value (the holder's first use) around nothing yet, and
 * in *ref the NK_BOUND that stands for value in the body. */
static struct node *binding(struct sema *s, struct node *value,
			    struct node **ref)
{
	struct node *b = node_new(s->a, NK_BIND, value->loc);

	b->init = node_new(s->a, NK_EMPTY, value->loc);
	b->lhs = value;
	*ref = node_new(s->a, NK_BOUND, value->loc);
	(*ref)->init = b->init;
	return b;
}

/* A copy of y's initializer with the parameters replaced by args (NULL:
 * by zeros, for the check at the definition), each argument bound once:
 * NK_BIND(arg1, NK_BIND(arg2, ... body)). */
static struct node *instance(struct sema *s, const struct dsym *y,
			     const struct node *args, struct srcloc loc)
{
	struct node *e = y->init, *top = NULL, **hole = &top;

	for (const struct tparam *p = y->tn->params; p; p = p->next) {
		struct node *v = param_value(s, p, args ? args :
					     node_new(s->a, NK_INT, loc));
		struct node *ref;

		if (args) {
			*hole = binding(s, v, &ref);
			hole = &(*hole)->rhs;
			v = ref;
			args = args->next;
		}
		e = sema_copy_expr(s, e, p->name, v);
	}
	if (e == y->init)
		e = sema_copy_expr(s, e, NULL, NULL);
	*hole = e;
	return top;
}

int sema_inline_bind(struct sema *s, struct node *n)
{
	if (n->kind == NK_BOUND) {
		n->type = n->init->type;
		return 0;
	}
	if (sema_expr(s, n->lhs) < 0)
		return -1;
	n->init->type = n->lhs->type;
	if (sema_expr(s, n->rhs) < 0)
		return -1;
	n->type = n->rhs->type;
	return 0;
}

/* May an inline of type t stand for an initializer of type from? */
static bool compatible(const struct dtype *t, const struct dtype *from)
{
	if (type_is_string(t) || type_is_string(from))
		return type_is_string(t) && type_is_string(from);
	if (type_is_sou(t) || type_is_sou(from))
		return type_is_sou(t) && type_is_sou(from) &&
		       t->size == from->size;
	return type_is_scalar(t) && type_is_scalar(from);
}

/* Check instance e of y (at a use or the definition). */
static int check(struct sema *s, const struct dsym *y, struct node *e)
{
	if (sema_expr(s, e) < 0)
		return -1;
	if (y->type->kind == DT_VOID || !compatible(y->type, e->type)) {
		diag_error(s->diag, y->loc, D_OP_INCOMPAT,
			   "inline %s definition uses incompatible types: \"%s\" = \"%s\"",
			   y->name, type_name(s->a, y->type),
			   type_name(s->a, e->type));
		return -1;
	}
	return 0;
}

/* The type and the parameters: each named, of a scalar type (its
 * keys[] entry). */
static int define_params(struct sema *s, struct dsym *y)
{
	int i = 0;

	if (!(y->type = sema_type(s, y->tn->base)))
		return -1;
	y->keys = arena_alloc(s->a, y->nkeys * sizeof(*y->keys));
	for (const struct tparam *p = y->tn->params; p; p = p->next, i++) {
		if (!p->name) {
			diag_error(s->diag, p->loc, D_DECL_PROTO_NAME,
				   "inline parameter %d of %s must be named",
				   i + 1, y->name);
			return -1;
		}
		if (!(y->keys[i] = sema_type(s, p->tn)))
			return -1;
		if (!type_is_scalar(y->keys[i]) && !type_is_string(y->keys[i])) {
			diag_error(s->diag, p->loc, D_DECL_PROTO_TYPE,
				   "inline parameter %s of %s has a type that cannot be a key: %s",
				   p->name, y->name, type_name(s->a, y->keys[i]));
			return -1;
		}
	}
	return 0;
}

int sema_inline_param_define(struct sema *s, struct node *n)
{
	struct dsym *y = arena_alloc(s->a, sizeof(*y));

	memset(y, 0, sizeof(*y));
	y->kind = SYM_INLINE;
	y->name = n->name;
	y->loc = n->loc;
	y->init = n->init;
	y->tn = n->tn;
	for (const struct tparam *p = n->tn->params; p; p = p->next)
		y->nkeys++;
	/* a library's: its types too at its first use (a kernel type's
	 * would parse the kernel's BTF for every program) */
	y->unchecked = s->in_library;
	if (!s->in_library &&
	    (define_params(s, y) < 0 ||
	     check(s, y, instance(s, y, NULL, n->loc)) < 0))
		return -1;
	vec_push(&s->syms, y);
	return 0;
}

/*
 * fds[i].m: the translated member alone, as for xlate<T>(x).m, inside
 * the bindings: n becomes NK_BIND(arg, ... (body).m).
 */
bool sema_inline_member(struct sema *s, struct node *n, int *rc)
{
	struct node *b = n->lhs, *in = b, *m;
	struct node *next = n->next;
	struct srcloc loc = n->loc;

	if (b->kind != NK_BIND)
		return false;
	while (in->rhs->kind == NK_BIND)
		in = in->rhs;
	m = arena_memdup(s->a, n, sizeof(*n));
	m->next = NULL;
	m->lhs = in->rhs;
	if (!sema_xlate_member(s, m, rc))
		return false;
	if (*rc < 0)
		return true;
	in->rhs = m;
	for (struct node *k = b; k->kind == NK_BIND; k = k->rhs)
		k->type = m->type;
	*n = *b;
	n->next = next;
	n->loc = loc;
	return true;
}

/* Is n, an NK_INDEX, a use of an inline with parameters? */
bool sema_is_inline_index(struct sema *s, const struct node *n)
{
	const struct dsym *y;

	if (n->lhs->kind != NK_IDENT)
		return false;
	y = sema_lookup(s, SYM_INLINE, n->lhs->name);
	return y && y->tn && y->tn->kind == TN_ASSOC;
}

/* The arguments' types against the parameters, on checked copies (the
 * arguments themselves go unchecked into the instance). */
static int check_args(struct sema *s, struct node *n, struct dsym *y)
{
	struct node *copy = node_new(s->a, NK_INDEX, n->loc);
	struct node **tail = &copy->args;

	copy->lhs = n->lhs;
	for (const struct node *a = n->args; a; a = a->next) {
		*tail = sema_copy_expr(s, a, NULL, NULL);
		if (sema_expr(s, *tail) < 0)
			return -1;
		tail = &(*tail)->next;
	}
	return sema_check_keys(s, copy, y);
}

/*
 * A use NAME[args] at n: n becomes the checked instance, converted to
 * the declared type as a plain inline's use is (a struct or a string is
 * the instance itself).
 */
int sema_inline_index(struct sema *s, struct node *n)
{
	struct dsym *y = sema_lookup(s, SYM_INLINE, n->lhs->name);
	struct srcloc loc = n->loc;
	struct node *next = n->next, *e;

	if (y->unchecked && define_params(s, y) < 0)
		return -1;
	y->unchecked = false;
	if (check_args(s, n, y) < 0)
		return -1;
	e = instance(s, y, n->args, loc);
	if (check(s, y, e) < 0)
		return -1;
	if (type_is_string(y->type) || type_is_sou(y->type)) {
		*n = *e;
	} else {
		n->kind = NK_CAST;
		n->lhs = e;
		n->args = NULL;
		n->tn = y->tn->base;
		n->builtin = -1;
	}
	n->loc = loc;
	n->next = next;
	n->type = y->type;
	return 0;
}
