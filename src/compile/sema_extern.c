/*
 * extern declarations and function declarations ("extern int x;",
 * "int f(int);").  As in DTrace, an extern declaration gives a type
 * to a symbol defined elsewhere (the kernel): it allocates nothing,
 * and a declaration of a function type outside typedef is an extern
 * declaration too.  The declarations live in the script's own "D"
 * symbol module: declaring a name again is fine with the same type
 * and D_DECL_IDRED with another.  A bare identifier that is neither a
 * variable nor an enumerator then names the kernel symbol, read with
 * the declared type (functions keep the plain symbol reading).
 */
#include <string.h>

#include "sema_impl.h"

/* "int (int, char *)", "void (void)", "int (char *, ...)" */
const struct dtype *sema_func_type(struct sema *s, const struct tnode *tn)
{
	const struct dtype *r = sema_type(s, tn->base);
	const char *args = NULL;

	if (!r)
		return NULL;
	for (const struct tparam *p = tn->params; p; p = p->next) {
		const struct dtype *pt = sema_type(s, p->tn);

		if (!pt)
			return NULL;
		args = args ? arena_printf(s->a, "%s, %s", args,
					   type_name(s->a, pt)) :
			      type_name(s->a, pt);
	}
	if (tn->varargs)
		args = args ? arena_printf(s->a, "%s, ...", args) : "...";
	struct dtype *d = arena_alloc(s->a, sizeof(*d));

	d->kind = DT_FUNC;
	d->base = r;
	d->name = arena_printf(s->a, "%s (%s)", type_name(s->a, r),
			       args ? args : "void");
	return d;
}

static struct dname *extern_find(struct sema *s, const char *name)
{
	for (struct dname *d = s->externs; d; d = d->next)
		if (strcmp(d->name, name) == 0)
			return d;
	return NULL;
}

static bool extern_same(const struct dtype *a, const struct dtype *b)
{
	if (a->kind == DT_FUNC || b->kind == DT_FUNC)
		return a->kind == b->kind && strcmp(a->name, b->name) == 0;
	return type_same(a, b);
}

int sema_extern_decl(struct sema *s, struct node *n, const struct dtype *t)
{
	struct dname *d = extern_find(s, n->name);

	if (d) {
		if (extern_same(d->type, t))
			return 0;
		/* DTrace's dt_node_decl() words, "D" being its module */
		diag_error(s->diag, n->loc, D_DECL_IDRED,
			   "identifier redeclared: D`%s\n\t current: %s\n\tprevious: %s",
			   n->name, type_name(s->a, t),
			   type_name(s->a, d->type));
		return -1;
	}
	d = arena_alloc(s->a, sizeof(*d));
	d->name = n->name;
	d->type = t;
	d->next = s->externs;
	s->externs = d;
	return 0;
}

bool sema_extern_ident(struct sema *s, struct node *n, int *rc)
{
	const struct dname *d = extern_find(s, n->name);

	if (!d)
		return false;
	n->kind = NK_SYMBOL;
	n->module = NULL;
	*rc = sema_symbol(s, n);
	if (*rc == 0 && d->type->kind != DT_FUNC)
		n->type = d->type;
	return true;
}
