/*
 * The order in which a clause's predicate and body are checked.  Both
 * may create a global by storing to it, and a variable must be created
 * before it is read, so DTrace checks the predicate first
 * (`/x++ == 0/ { exit(x - 1); }`) but, when that fails, checks the body
 * first (`/x == 0/ { exit(x++); }`).  Here the second order is chosen
 * up front: when the predicate reads a global nothing has created yet
 * and the body stores to it.
 */
#include <string.h>

#include "sema_impl.h"

/* Does the list n store to the global name (=, op=, ++, --)? */
static bool stores_to(const struct node *n, const char *name)
{
	for (; n; n = n->next) {
		bool store = n->kind == NK_ASSIGN || n->kind == NK_PREINC ||
			     n->kind == NK_PREDEC || n->kind == NK_POSTINC ||
			     n->kind == NK_POSTDEC;

		if (store && n->lhs && n->lhs->kind == NK_IDENT &&
		    !strcmp(n->lhs->name, name))
			return true;
		if (stores_to(n->lhs, name) || stores_to(n->rhs, name) ||
		    stores_to(n->cond, name) || stores_to(n->then, name) ||
		    stores_to(n->els, name) || stores_to(n->args, name) ||
		    stores_to(n->body, name))
			return true;
	}
	return false;
}

/*
 * Does the expression list e read a global that only body creates?  One
 * the predicate stores to itself (`/(n++ == 0) ? p = alloca(8) : p/`)
 * is created there, so the predicate can go first.
 */
static bool reads_body_global(struct sema *s, const struct node *e,
			      const struct node *clause)
{
	for (; e; e = e->next) {
		if (e->kind == NK_IDENT && e->name &&
		    !sema_lookup(s, SYM_GLOBAL, e->name) &&
		    stores_to(clause->body, e->name) &&
		    !stores_to(clause->pred, e->name))
			return true;
		if (reads_body_global(s, e->lhs, clause) ||
		    reads_body_global(s, e->rhs, clause) ||
		    reads_body_global(s, e->cond, clause) ||
		    reads_body_global(s, e->then, clause) ||
		    reads_body_global(s, e->els, clause) ||
		    reads_body_global(s, e->args, clause))
			return true;
	}
	return false;
}

bool sema_pred_after_body(struct sema *s, const struct node *clause)
{
	return clause->pred && reads_body_global(s, clause->pred, clause);
}
