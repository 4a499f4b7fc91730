/*
 * Expressions of dynamic type.  In DTrace an associative array named
 * without a subscript (`a` after `a[1] = 2`) is an expression whose
 * type is not known until it is subscripted: its "dynamic" type.  Such
 * an operand is rejected by the operators that pass a value through
 * unchanged (`?:` and `,`: D_OP_DYN) and by trace() (D_TRACE_DYN);
 * elsewhere it stays an unknown variable (D_IDENT_UNDEF) here.  These
 * checks are made before the operands are checked, since checking a
 * bare array name as a value would report it unknown.  An xlate's
 * value is of dynamic type too (only its members are values): it is
 * known once the operands are checked.
 */
#include "sema_impl.h"

/* Is n an associative array named without a subscript? */
static bool is_dynamic(struct sema *s, const struct node *n)
{
	return n && n->kind == NK_IDENT &&
	       !sema_lookup(s, SYM_GLOBAL, n->name) &&
	       sema_lookup(s, SYM_ASSOC, n->name);
}

int sema_dyn_operands(struct sema *s, const struct node *op,
		      const struct node *l, const struct node *r,
		      const char *opname)
{
	if (!is_dynamic(s, l) && !is_dynamic(s, r))
		return 0;
	diag_error(s->diag, op->loc, D_OP_DYN,
		   "operator %s operands cannot be of dynamic type", opname);
	return -1;
}

int sema_dyn_xlate_operands(struct sema *s, const struct node *op,
			    const struct node *l, const struct node *r,
			    const char *opname)
{
	if (!sema_is_xlate(l) && !sema_is_xlate(r))
		return 0;
	diag_error(s->diag, op->loc, D_OP_DYN,
		   "operator %s operands cannot be of dynamic type", opname);
	return -1;
}

int sema_dyn_trace(struct sema *s, const struct node *arg)
{
	if (!is_dynamic(s, arg))
		return 0;
	diag_error(s->diag, arg->loc, D_TRACE_DYN,
		   "trace( ) may not be applied to a dynamic expression");
	return -1;
}
