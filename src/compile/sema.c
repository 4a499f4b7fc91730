/*
 * Semantic analysis: the driver over clauses and statements, and the
 * symbol table of global variables and aggregations.
 */
#include <stdlib.h>
#include <string.h>

#include "lex.h"
#include "sema_impl.h"
#include "stability.h"

void sema_init(struct sema *s, struct arena *a, struct diag *d,
	       struct dtypes *types, const char **argv, int argc)
{
	memset(s, 0, sizeof(*s));
	s->a = a;
	s->diag = d;
	s->types = types;
	s->argv = argv;
	s->argc = argc;
}

void sema_free(struct sema *s)
{
	vec_free(&s->syms);
	vec_free(&s->deferred);
}

struct dsym *sema_lookup(struct sema *s, enum dsym_kind kind,
			 const char *name)
{
	for (size_t i = 0; i < s->syms.len; i++) {
		struct dsym *y = s->syms.data[i];

		if (y->kind == kind && strcmp(y->name, name) == 0)
			return y;
	}
	return NULL;
}

bool sema_is_agg_assign(const struct node *n)
{
	if (n->kind != NK_ASSIGN)
		return false;
	const struct node *l = n->lhs;

	return l->kind == NK_AGG ||
	       (l->kind == NK_INDEX && l->lhs->kind == NK_AGG);
}

int sema_unsupported(struct sema *s, const struct node *n, const char *what)
{
	diag_error(s->diag, n->loc, D_UNSUPPORTED, "%s is not supported yet",
		   what);
	return -1;
}

/* A global variable is declared by its first assignment, taking the
 * type of the value assigned. */
struct dsym *sema_define_global(struct sema *s, struct node *lhs,
				  const struct dtype *type)
{
	struct dsym *y = arena_alloc(s->a, sizeof(*y));
	uint32_t align = type->size >= 8 ? 8 : type->size;

	y->kind = SYM_GLOBAL;
	y->name = lhs->name;
	y->loc = lhs->loc;
	y->type = type;
	s->globals_size = (s->globals_size + align - 1) & ~(align - 1);
	if (type->kind == DT_STRING)
		s->globals_size = (s->globals_size + 7) & ~7u;
	y->offset = s->globals_size;
	s->globals_size += type->size;
	vec_push(&s->syms, y);
	return y;
}

static int sema_stmt(struct sema *s, struct node *n)
{
	switch (n->kind) {
	case NK_EMPTY:
		return 0;
	case NK_BLOCK:
		for (struct node *b = n->body; b; b = b->next)
			if (sema_stmt(s, b) < 0)
				return -1;
		return 0;
	case NK_EXPR_STMT: {
		struct node *e = n->lhs;

		s->stmt = n;	/* for sema_late_error */
		if (sema_is_agg_assign(e))
			return sema_agg(s, e);
		if (sema_agg_stmt_misuse(s, e))
			return -1;
		if (e->kind == NK_CALL) {
			enum dfunc f = sema_func(e->name);

			if (f != DF_NONE && !sema_is_agg_func(f))
				return sema_action(s, e, f);
		}
		if (sema_expr(s, e) < 0)
			return -1;
		return sema_xlate_stmt(s, e);
	}
	case NK_IF:
		s->stmt = n;
		if (sema_expr(s, n->cond) < 0)
			return -1;
		if (!type_is_scalar(n->cond->type)) {
			diag_error(s->diag, n->cond->loc, D_OP_SCALAR,
				   "if-statement condition must be of scalar type");
			return -1;
		}
		if (sema_stmt(s, n->then) < 0)
			return -1;
		return n->els ? sema_stmt(s, n->els) : 0;
	case NK_DECL:
		if (sema_is_var_decl(n) && n->storage != SC_NONE)
			return sema_var_decl(s, n);
		return sema_unsupported(s, n, "a declaration in a clause");
	default:
		return sema_unsupported(s, n, node_kind_name(n->kind));
	}
}

static int sema_pred(struct sema *s, struct node *clause)
{
	s->diag->region = "predicate";
	if (sema_expr(s, clause->pred) < 0)
		return -1;
	if (!type_is_scalar(clause->pred->type)) {
		/* DTrace checks this as it compiles the whole clause */
		diag_error(s->diag, srcloc_reported_at(clause->pred->loc,
						       clause->loc),
			   D_PRED_SCALAR,
			   "predicate result must be of scalar type");
		return -1;
	}
	s->diag->region = NULL;
	return 0;
}

static int sema_body(struct sema *s, struct node *clause)
{
	s->diag->region = "action list";
	for (struct node *b = clause->body; b; b = b->next)
		if (sema_stmt(s, b) < 0)
			return -1;
	s->diag->region = NULL;
	return 0;
}

int sema_clause(struct sema *s, struct node *clause)
{
	bool late = sema_pred_after_body(s, clause);	/* sema_clause.c */

	s->clause = clause;
	s->stmt = NULL;
	if (clause->pred && !late && sema_pred(s, clause) < 0)
		return -1;
	if (sema_body(s, clause) < 0)
		return -1;
	if (late && sema_pred(s, clause) < 0)
		return -1;
	return sema_spec_clause(s, clause);
}

int sema_toplevel(struct sema *s, struct node *n)
{
	switch (n->kind) {
	case NK_DECL: {
		if (sema_is_var_decl(n))
			return sema_var_decl(s, n);
		s->cdefs = n->cdefs;
		int rc = sema_decl(s, n);	/* types, typedefs, typed globals */

		s->cdefs = false;
		return rc;
	}
	case NK_INLINE:
		return sema_inline_define(s, n);
	case NK_TRANSLATOR:
		return sema_xlator_define(s, n);	/* xlate.c */
	case NK_PROVIDER:
		return sema_provider_define(s, n);
	case NK_PRAGMA:
		stability_pragma(s, n);		/* #pragma D attributes */
		return 0;
	default:
		return 0;
	}
}
