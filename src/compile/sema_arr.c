/*
 * Semantic rules for arrays used as whole values, and for the pointers
 * D does no arithmetic on.  An array is not assignable (DTrace's
 * D_OP_ARRFUN, whatever the right-hand side), but it converts to its
 * address in a cast, as in C: `(int *)a` and `((char *)s->name)[i]`
 * reach past the declared bound on purpose.  `void *` and pointers to
 * functions point at objects of no size, so + and - refuse them, as
 * DTrace does, instead of scaling by 1 as GNU C would.
 */
#include "lex.h"
#include "sema_impl.h"

int sema_arr_assign_bad(struct sema *s, struct node *n, const struct dtype *t)
{
	diag_error(s->diag, n->loc, D_OP_ARRFUN,
		   "operator %s may not be applied to operand of type \"%s\"",
		   tok_kind_str(n->op), type_name(s->a, t));
	return -1;
}

bool sema_arr_cast_ok(const struct dtype *from, const struct dtype *to)
{
	return from->kind == DT_ARRAY &&
	       (to->kind == DT_PTR || type_is_int(to));
}

bool sema_arr_vfptr(const struct dtype *t)
{
	return t->kind == DT_PTR && t->base &&
	       (t->base->kind == DT_VOID || t->base->kind == DT_FUNC);
}

/*
 * A char array assigned to a string dynamic variable: the variable
 * takes the string it holds, as a string global does (sema_expr.c).
 */
const struct dtype *sema_arr_char_value(struct sema *s, struct node *rhs)
{
	if (rhs->type->kind == DT_ARRAY && type_is_char_seq(rhs->type)) {
		struct node str = { .type = &s->types->t_string };

		sema_strcompat(s, &str, rhs);
	}
	return rhs->type;
}

/*
 * long double: 16 bytes (x86-64's 80-bit extended format, padded), a
 * DT_FLOAT no register can hold, passed by address (type_is_byval) as
 * DTrace passes it: copied whole, recorded and printed (cg_ldouble.c).
 */
const struct dtype *sema_arr_ldouble(struct sema *s)
{
	struct dtype *t = arena_alloc(s->a, sizeof(*t));

	*t = (struct dtype){ .kind = DT_FLOAT, .name = "long double",
			     .size = 16 };
	return t;
}
