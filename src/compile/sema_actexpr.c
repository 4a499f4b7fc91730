/*
 * Actions used as operands.  DTrace types a call of an action (trace(),
 * printf(), exit() ...) inside an expression as void after checking its
 * arguments against the action's prototype, so the surrounding operator
 * decides the error: a wrong argument count is D_PROTO_LEN, unary - or +
 * of the call is D_OP_ARITH, a cast of it D_CAST_INVAL, a function's
 * argument D_PROTO_ARG (sema_operand), ?: D_OP_ACT, and elsewhere the
 * generic D_OP_ACT of sema_call_expr().  This file gives the unary and
 * cast answers in DTrace's order.
 */
#include "lex.h"
#include "sema_impl.h"

/* A call of an action that records or controls, not a value function. */
static enum dfunc action_of(const struct node *n)
{
	enum dfunc f = n->kind == NK_CALL ? sema_func(n->name) : DF_NONE;

	if (f == DF_NONE || sema_is_agg_func(f) || f == DF_STACK ||
	    f == DF_USTACK)
		return DF_NONE;
	return f;
}

/*
 * The prototype check of an action called in an expression: 0 when its
 * arguments fit (the caller then reports the misuse), -1 after the
 * prototype's error.
 */
int sema_action_proto(struct sema *s, struct node *call)
{
	return action_of(call) == DF_NONE ? 0 : sema_args(s, call);
}

/*
 * n (unary - or +, or a cast) applied to an action: 1 after reporting
 * DTrace's error for it, 0 when operand is no action.
 */
int sema_action_operand(struct sema *s, struct node *n, struct node *operand,
			const char *to)
{
	if (action_of(operand) == DF_NONE)
		return 0;
	if (sema_action_proto(s, operand) < 0)
		return 1;
	if (n->kind == NK_CAST)
		diag_error(s->diag, n->loc, D_CAST_INVAL,
			   "invalid cast expression: \"void\" to \"%s\"", to);
	else
		diag_error(s->diag, n->loc, D_OP_ARITH,
			   "operator %s requires an operand of arithmetic type",
			   tok_kind_str(n->op));
	return 1;
}
