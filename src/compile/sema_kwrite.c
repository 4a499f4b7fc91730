/*
 * Stores into kernel memory.  DTrace marks an lvalue writable
 * (DT_NF_WRITABLE) only when it is rooted in a D variable; a member or
 * element reached from a built-in variable such as curthread or
 * curpsinfo inherits the built-in's read-only state, so
 * `curthread->pid = 1` is refused at compile time with D_OP_WRITE rather
 * than faulting when the probe fires.  Stores through pointers held in
 * D variables (alloca()'d memory) are still checked at run time.
 */
#include "sema_impl.h"

#include "lex.h"

int sema_store_kwrite(struct sema *s, struct node *n)
{
	const struct node *r = n->lhs;

	for (;;) {
		if (sema_store_is_element(r))
			r = r->lhs->lhs;
		else if (r->kind == NK_MEMBER || r->kind == NK_PTRMEMBER ||
			 r->kind == NK_INDEX ||
			 (r->kind == NK_UNARY && r->op == TK_STAR))
			r = r->lhs;
		else
			break;
	}
	if (r->kind != NK_IDENT || r->builtin < 0)
		return 0;
	diag_error(s->diag, n->lhs->loc, D_OP_WRITE,
		   "operator %s can only be applied to a writable variable",
		   tok_kind_str(n->op));
	return -1;
}
