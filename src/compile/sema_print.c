/*
 * Semantic analysis of print(ptr): as in Oracle's DTrace for Linux, the
 * argument is a pointer (its prototype is void *) and print() shows the
 * object it points to, so the pointed-to type must have a size.  The
 * messages are libdtrace's (the prototype check, dt_cg_act_print).
 */
#include "sema_impl.h"

int sema_print(struct sema *s, struct node *call)
{
	const struct node *a = call->args;
	const struct dtype *t;

	if (sema_args(s, call) < 0)
		return -1;
	if (a->kind == NK_AGG) {
		diag_error(s->diag, a->loc, D_PRINT_AGG,
			   "print( ) may not be applied to an aggregation; did you mean printa( )?");
		return -1;
	}
	if (a->type->kind != DT_PTR) {
		diag_error(s->diag, a->loc, D_PROTO_ARG,
			   "print( ) argument #1 is incompatible with prototype:\n\tprototype: void *\n\t argument: %s",
			   type_name(s->a, a->type));
		return -1;
	}
	t = a->type->base;
	if (t->size == 0 || t->incomplete || t->kind == DT_VOID ||
	    t->kind == DT_FUNC) {
		diag_error(s->diag, a->loc, D_PRINT_SIZE,
			   "print( ) argument #1 reference has type '%s' with size 0; cannot print( ) it.",
			   type_name(s->a, t));
		return -1;
	}
	return 0;
}
