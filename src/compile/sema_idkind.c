/*
 * Calls of names that are not functions.  DTrace resolves a call's name
 * in the same global identifier table as variables, so "execname()" or
 * "x()" after "x = 1" finds an identifier of another kind and is
 * refused as D_FUNC_IDKIND, naming that kind the way DTrace's
 * dt_idkind_name() does ("scalar", "associative array"), rather than
 * as an undefined function.  Names of no kind at all stay D_FUNC_UNDEF,
 * reported by the caller.
 *
 * Also here: the operand checks DTrace makes on compound assignments
 * and on ++/-- that name D_OP_VFPTR (an operand of unknown size, a
 * pointer to void or to a function).
 */
#include <string.h>

#include "lex.h"
#include "sema_impl.h"

/* The kind of identifier name is, as DTrace names it, or NULL if none. */
static const char *ident_kind(struct sema *s, const char *name)
{
	if (strcmp(name, "args") == 0 || strcmp(name, "uregs") == 0 ||
	    sema_lookup(s, SYM_ASSOC, name))
		return "associative array";
	if (sema_builtin_name(name) || sema_lookup(s, SYM_GLOBAL, name))
		return "scalar";
	return NULL;
}

int sema_func_idkind(struct sema *s, const struct node *call)
{
	const char *kind = ident_kind(s, call->name);

	if (!kind)
		return 0;
	diag_error(s->diag, call->loc, D_FUNC_IDKIND,
		   "%s '%s' may not be referenced as a function", kind,
		   call->name);
	return -1;
}

/* A pointer to void or to a function: an operand of unknown size. */
static bool is_vfptr(const struct dtype *t)
{
	return t->kind == DT_PTR && t->base &&
	       (t->base->kind == DT_VOID || t->base->kind == DT_FUNC);
}

/*
 * The operand rules DTrace applies to "+=" and "-=" (and, with
 * D_OP_INT and D_OP_ARITH, to the other compound assignments) when one
 * side is not an integer: the left-hand side must then be a pointer of
 * known size, so "i -= alloca(8)" and "vp += 1" are refused.  lt and rt
 * are the operand types; returns -1 when an error was reported.
 */
int sema_compound_check(struct sema *s, const struct node *n,
			const struct dtype *lt, const struct dtype *rt)
{
	const char *op = tok_kind_str(n->op);

	if (n->op == TK_ASSIGN || (type_is_int(lt) && type_is_int(rt)))
		return 0;
	if (type_is_float(lt) || type_is_float(rt) || type_is_string(lt) ||
	    type_is_string(rt))
		return 0;	/* left to the caller's own checks */
	switch (n->op) {
	case TK_ADD_ASSIGN: case TK_SUB_ASSIGN:
		if (lt->kind == DT_PTR && !is_vfptr(lt))
			return 0;
		diag_error(s->diag, n->loc, D_OP_VFPTR,
			   "operator %s requires left-hand scalar operand of known size",
			   op);
		return -1;
	case TK_MUL_ASSIGN: case TK_DIV_ASSIGN:
		diag_error(s->diag, n->loc, D_OP_ARITH,
			   "operator %s requires operands of arithmetic type", op);
		return -1;
	default:
		diag_error(s->diag, n->loc, D_OP_INT,
			   "operator %s requires operands of integral type", op);
		return -1;
	}
}

/* ++ and -- of a pointer to void or to a function (D_OP_VFPTR). */
int sema_incdec_vfptr(struct sema *s, const struct node *n,
		      const struct dtype *t)
{
	if (!is_vfptr(t))
		return 0;
	diag_error(s->diag, n->loc, D_OP_VFPTR,
		   "operator %s requires an operand of known size",
		   tok_kind_str(n->op));
	return -1;
}
