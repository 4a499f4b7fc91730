/*
 * Which values point into alloca()'d memory, as DTrace tracks them:
 * alloca()'s result and what is computed from it (casts, pointer
 * arithmetic, members, & of what it points to, ?:) are "alloca"
 * values, and a variable assigned one is an alloca variable for the
 * whole program.  DTrace refuses to mix them with other pointers where
 * it could not tell which is which when it generates code: a variable
 * assigned both kinds (D_ALLOCA_INCOMPAT), a ?: of both assigned to a
 * variable, and a bcopy() or copyinto() destination that is not alloca
 * memory (D_PROTO_ARG, "alloca pointer").
 */
#include <string.h>

#include "lex.h"
#include "sema_impl.h"

void sema_alloca_taint(struct node *n)
{
	const struct node *l = n->lhs, *r = n->rhs;

	switch (n->kind) {
	case NK_CALL:
		n->alloca = n->name && strcmp(n->name, "alloca") == 0;
		break;
	case NK_IDENT: case NK_SELF: case NK_THIS: case NK_INDEX:
		n->alloca = n->sym && n->sym->alloca;
		break;
	case NK_CAST: case NK_STRINGOF: case NK_MEMBER: case NK_PTRMEMBER:
	case NK_PREINC: case NK_PREDEC: case NK_POSTINC: case NK_POSTDEC:
		n->alloca = l && l->alloca;
		break;
	case NK_UNARY:	/* &x of alloca memory: &p->m, &*p, &p[i] */
		n->alloca = n->op == TK_AMP &&
			    (l->alloca || (l->kind == NK_UNARY &&
					   l->op == TK_STAR && l->lhs->alloca));
		break;
	case NK_BINARY:
		n->alloca = n->op == TK_COMMA ? r->alloca :
			    (n->op == TK_PLUS || n->op == TK_MINUS) &&
			    (l->alloca || r->alloca);
		break;
	case NK_COND:
		n->alloca = n->then->alloca || n->els->alloca;
		n->nonassign = n->then->alloca != n->els->alloca ||
			       n->then->nonassign || n->els->nonassign;
		break;
	default:
		break;
	}
}

int sema_alloca_store(struct sema *s, struct node *n, struct dsym *y)
{
	struct node *r = n->rhs;

	if (!y)
		return 0;
	if (r->nonassign) {
		diag_error(s->diag, n->loc, D_ALLOCA_INCOMPAT,
			   "ternary conditional with alloca and non-alloca branches cannot be assigned to a variable");
		return -1;
	}
	/* x += i is x = x + i: pointer arithmetic keeps x's kind */
	bool ra = n->op == TK_ASSIGN ? r->alloca :
		  (n->op == TK_ADD_ASSIGN || n->op == TK_SUB_ASSIGN) &&
		  (y->alloca || r->alloca);

	/* a string is stored by value: its allocaness stays behind */
	if (ra && !type_is_string(r->type))
		y->alloca = true;
	else if (n->op != TK_ASSIGN ? !y->alloca : !sema_is_null_const(r))
		y->nonalloca = true;	/* NULL is either kind */
	n->alloca = n->lhs->alloca = y->alloca;
	/* DTrace finds the clash as it generates the store, and names the
	 * clause's probe description's line */
	if (y->alloca && y->nonalloca && s->clause && s->clause->probes)
		sema_late_error(s, srcloc_reported_at(n->loc,
						      s->clause->probes->loc),
				D_ALLOCA_INCOMPAT,
				"%s: cannot reuse the same identifier for both alloca and non-alloca allocations",
				y->name);
	return 0;
}

void sema_alloca_dest(struct sema *s, const char *func, int argn,
		      const struct node *dst)
{
	if (dst->alloca)
		return;
	sema_late_error(s, dst->loc, D_PROTO_ARG,
			"%s( ) argument #%d is incompatible with prototype:\n\tprototype: alloca pointer\n\t argument: non-alloca pointer",
			func, argn);
}
