/*
 * Floating-point types.  D has float, double and long double for the
 * types of kernel and user data, but no floating-point arithmetic: in
 * DTrace they are neither arithmetic nor scalar types (dt_node_is_arith
 * and dt_node_is_scalar), so no operator applies to them and a cast to
 * or from one is an invalid cast.  What D does with such a value is
 * hold it (variables, members, loads through pointers), copy it and
 * print it: trace() and printf's %e %f %g.  float and double are
 * DT_FLOAT types whose raw bits travel in a register like an unsigned
 * integer of their size; long double (16 bytes, no register holds it)
 * is passed by address like a struct (type_is_byval, sema_arr.c,
 * codegen/cg_ldouble.c).  docs/design.md, "Program-level checks,
 * floating point".
 */
#include "lex.h"
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

const struct dtype *sema_float_type(struct sema *s, const struct tnode *tn)
{
	if (tn->spec & BS_FLOAT)
		return &s->types->t_float;
	if (!(tn->spec & BS_LONG))
		return &s->types->t_double;
	return sema_arr_ldouble(s);	/* sema_arr.c */
}

/*
 * `=` copies a float or double into a variable or member of the same
 * type; anything else has incompatible operands (dt_cook_op2): float
 * and double are not compatible, nor is either with an integer, and a
 * compound assignment wants arithmetic ones.
 */
int sema_float_assign(struct sema *s, struct node *n)
{
	const struct dtype *lt = n->lhs->type, *rt = n->rhs->type;

	if (n->op != TK_ASSIGN || !type_same(lt, rt)) {
		diag_error(s->diag, n->loc, D_OP_INCOMPAT,
			   "operands have incompatible types: \"%s\" %s \"%s\"",
			   type_name(s->a, lt), tok_kind_str(n->op),
			   type_name(s->a, rt));
		return -1;
	}
	n->type = lt;
	return 0;
}
