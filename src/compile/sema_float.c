/*
 * Floating-point types.  D has float, double and long double for the
 * types of kernel and user data, but no floating-point arithmetic: in
 * DTrace they are neither arithmetic nor scalar types (dt_node_is_arith
 * and dt_node_is_scalar), so no operator applies to them and a cast to
 * or from one is an invalid cast.  bdtrace does not yet record values
 * of these types (trace() and printf's %f/%e/%g of a float-typed value:
 * docs/dtags.md), so declaring one stays D_UNSUPPORTED; what is decided
 * without a value is checked here as DTrace checks it.
 */
#include "sema_impl.h"

/* the C name of a floating-point base type, or NULL */
static const char *float_name(const struct tnode *tn)
{
	if (!tn || tn->kind != TN_BASE || !(tn->spec & (BS_FLOAT | BS_DOUBLE)))
		return NULL;
	if (tn->spec & BS_FLOAT)
		return "float";
	return tn->spec & BS_LONG ? "long double" : "double";
}

bool sema_float_cast(struct sema *s, struct node *n, int *rc)
{
	const char *to = float_name(n->tn);

	if (!to)
		return false;
	*rc = -1;
	if (sema_expr(s, n->lhs) < 0)
		return true;
	diag_error(s->diag, n->loc, D_CAST_INVAL,
		   "invalid cast expression: \"%s\" to \"%s\"",
		   type_name(s->a, n->lhs->type), to);
	return true;
}
