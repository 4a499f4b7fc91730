/*
 * Semantic checks for stores into the script's own typed globals: the
 * members of struct and union globals and the elements of global arrays
 * (`pt.x = 1`, `arr[i]++`, `u.s.bytes[2] |= 1`, `ci.name = "abc"`), and
 * whole structs and unions (`g.s = x`, `p->s = x`, `self->x = g`).
 *
 * Such an object lives in the globals map or in a struct-valued dynamic
 * variable (`self->p.x = 1`, `a[k].n++`, `this->s.name = "x"`: the
 * variable is created zero-filled if absent), so the code generator
 * (cg_store.c) addresses it directly; the lvalue must therefore be a
 * chain of `.` and `[ ]` rooted at a global or such a variable.  A store through a pointer
 * (`p->x = 1`, `*p = 1`, `p[i] = 1`) is checked at run time by the code
 * generator: the address must lie in scratch memory.  Constant subscripts
 * were bounds-checked by sema_array_index; variable ones are checked at
 * run time.
 */
#include "lex.h"
#include "sema_impl.h"

/*
 * Is n, an assignment's or ++/--'s operand, a member or element rather
 * than a variable?  (Called before n is checked.)
 */
bool sema_is_store_lvalue(struct sema *s, struct node *n)
{
	switch (n->kind) {
	case NK_MEMBER: case NK_PTRMEMBER:
		return true;
	case NK_UNARY:
		return n->op == TK_STAR;
	case NK_INDEX:
		if (n->lhs->kind == NK_SELF || n->lhs->kind == NK_THIS)
			return sema_var_is_ptr_index(s, n);
		return !sema_is_builtin_index(s, n) &&
		       sema_is_array_index(s, n);
	default:
		return false;
	}
}

/* Is the checked lvalue n a subscript of an array, rewritten *(a + i)? */
bool sema_store_is_element(const struct node *n)
{
	return n->kind == NK_UNARY && n->op == TK_STAR &&
	       n->lhs->kind == NK_BINARY && n->lhs->op == TK_PLUS &&
	       n->lhs->lhs->type && n->lhs->lhs->type->kind == DT_ARRAY;
}

/*
 * Is the checked lvalue n inside a global of the script's, or reached
 * through a pointer (`p->x`, `*p`, `p[i]`, `p->a[i].y`)?  A store through
 * a pointer is checked at run time: the address must lie in scratch
 * memory (alloca), else "invalid address", as DTrace's dtrace_canstore.
 */
static bool store_root_ok(const struct node *n)
{
	for (;;) {
		if (n->kind == NK_MEMBER)
			n = n->lhs;
		else if (sema_store_is_element(n))
			n = n->lhs->lhs;
		else
			break;
	}
	if (n->kind == NK_PTRMEMBER || (n->kind == NK_UNARY && n->op == TK_STAR))
		return true;
	if (sema_is_dvar(n))	/* a struct-valued dynamic variable */
		return n->sym && type_is_dvar_byval(n->type);
	return n->kind == NK_IDENT && n->builtin < 0 && n->sym &&
	       n->sym->kind == SYM_GLOBAL;
}

/* The lvalue of n (an assignment or ++/--), checked and typed. */
static int check_target(struct sema *s, struct node *n)
{
	struct node *l = n->lhs;

	if (sema_expr(s, l) < 0 || sema_store_kwrite(s, n) < 0)
		return -1;
	if (!store_root_ok(l))
		return sema_unsupported(s, l, "assignment to this kind of object");
	if (l->type->kind == DT_ARRAY && !type_is_char_seq(l->type))
		return sema_unsupported(s, l, "assignment of an array");
	if (type_is_sou(l->type) || type_is_float(l->type))
		return 0;	/* copied whole (sema_store_sou) or refused */
	if (!type_is_scalar(l->type) && l->type->kind != DT_ARRAY &&
	    !type_is_string(l->type)) {
		diag_error(s->diag, l->loc, D_OP_LVAL,
			   "operator %s requires modifiable lvalue as an operand",
			   tok_kind_str(n->op));
		return -1;
	}
	return 0;
}

static int incompat(struct sema *s, struct node *n)
{
	diag_error(s->diag, n->loc, D_OP_INCOMPAT,
		   "operands have incompatible types: \"%s\" %s \"%s\"",
		   type_name(s->a, n->lhs->type), tok_kind_str(n->op),
		   type_name(s->a, n->rhs->type));
	return -1;
}

int sema_store_assign(struct sema *s, struct node *n)
{
	if (check_target(s, n) < 0 || sema_expr(s, n->rhs) < 0)
		return -1;
	const struct dtype *lt = n->lhs->type, *rt = n->rhs->type;

	if (rt->kind == DT_VOID) {
		diag_error(s->diag, n->rhs->loc, D_OP_VOID,
			   "operator %s requires an operand of non-void type",
			   tok_kind_str(n->op));
		return -1;
	}
	if (type_is_sou(lt))
		return sema_store_sou(s, n);
	if (type_is_float(lt) || type_is_float(rt))
		return sema_float_assign(s, n);		/* sema_float.c */
	if (type_is_string(lt) && n->op == TK_ASSIGN)
		rt = sema_string_null(s, n->rhs);	/* m.s = NULL is "" */
	if (lt->kind == DT_ARRAY || type_is_string(lt)) {
		/* a char array or string member takes a string, copied
		 * and truncated (cg_store.c) */
		if (n->op != TK_ASSIGN ||
		    !(type_is_string(rt) || type_is_char_seq(rt)))
			return incompat(s, n);
		n->type = lt;
		return 0;
	}
	if (!type_is_scalar(rt))
		return incompat(s, n);
	if (n->op != TK_ASSIGN &&
	    (!type_is_arith(lt) || !type_is_arith(rt)))
		return incompat(s, n);
	n->type = lt;
	return 0;
}

/*
 * The type of ++ or -- applied to n->lhs, once the target is resolved:
 * shared by stores into memory and into variables (sema_var.c).
 */
int sema_incdec_type(struct sema *s, struct node *n)
{
	const struct dtype *t = n->lhs->type;

	/* DTrace's dt_cook_op1(): any scalar, a pointer moving by its
	 * pointee's size (n->ival, which code generation adds) */
	if (!type_is_scalar(t)) {
		diag_error(s->diag, n->loc, D_OP_SCALAR,
			   "operator %s requires operand of scalar type",
			   tok_kind_str(n->op));
		return -1;
	}
	if (t->kind == DT_PTR)
		n->ival = t->base && t->base->size ? t->base->size : 1;
	n->type = t;
	return 0;
}

int sema_store_incdec(struct sema *s, struct node *n)
{
	n->op = (n->kind == NK_PREINC || n->kind == NK_POSTINC) ? TK_INC : TK_DEC;
	if (check_target(s, n) < 0)
		return -1;
	return sema_incdec_type(s, n);
}

/*
 * x = y where x (a global, a dynamic variable, a member or an element)
 * or y is a struct or union: both must be of the same type (DTrace's
 * assignment rule for types passed by reference), and the whole object
 * is copied.  A new variable x takes y's type.
 */
int sema_store_sou(struct sema *s, struct node *n)
{
	const struct dtype *lt = n->lhs->type, *rt = n->rhs->type;

	if (n->op != TK_ASSIGN || !type_is_byval(lt) || !type_is_byval(rt) ||
	    !type_same(lt, rt))
		return incompat(s, n);
	n->type = lt;
	return 0;
}
