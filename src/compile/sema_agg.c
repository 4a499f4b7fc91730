/*
 * Semantic analysis of aggregations: @name[keys] = func(args), the
 * aggregating functions' prototypes, and each aggregation's consistent
 * key signature and function.
 */
#include <stdlib.h>
#include <string.h>

#include "lex.h"
#include "sema_impl.h"

static bool same_keys(const struct dsym *y, const struct node *keys)
{
	int i = 0;

	for (const struct node *k = keys; k; k = k->next, i++) {
		if (i >= y->nkeys)
			return false;
		const struct dtype *a = y->keys[i], *b = k->type;

		if (type_is_string(a) != type_is_string(b))
			return false;
	}
	return i == y->nkeys;
}

/* @name[keys] = func(args) */
int sema_agg(struct sema *s, struct node *n)
{
	struct node *agg = n->lhs->kind == NK_AGG ? n->lhs : n->lhs->lhs;
	struct node *keys = n->lhs->kind == NK_INDEX ? n->lhs->args : NULL;
	struct node *call = n->rhs;
	enum dfunc f = call->kind == NK_CALL ? sema_func(call->name) : DF_NONE;

	if (n->op != TK_ASSIGN || call->kind != NK_CALL || !sema_is_agg_func(f)) {
		if (call->kind == NK_CALL && sema_is_later_func(call->name))
			return sema_unsupported(s, call, arena_printf(s->a, "%s( )", call->name));
		diag_error(s->diag, n->loc, D_AGG_FUNC,
			   "@%s must be assigned the result of an aggregating function",
			   agg->name);
		return -1;
	}
	for (struct node *k = keys; k; k = k->next) {
		if (sema_expr(s, k) < 0)
			return -1;
		if (!type_is_scalar(k->type) && !type_is_string(k->type)) {
			diag_error(s->diag, k->loc, D_KEY_TYPE,
				   "aggregation key has a type that cannot be a key");
			return -1;
		}
	}
	if (sema_args(s, call) < 0 ||
	    sema_proto_len(s, call, f == DF_COUNT ? 0 : 1, f == DF_COUNT ? 0 : 1) < 0)
		return -1;
	if (f != DF_COUNT && !type_is_arith(call->args->type)) {
		diag_error(s->diag, call->args->loc, D_PROTO_ARG,
			   "%s( ) argument #1 is incompatible with prototype:\n\tprototype: integer\n\t argument: %s",
			   call->name, type_name(s->a, call->args->type));
		return -1;
	}
	struct dsym *y = sema_lookup(s, SYM_AGG, agg->name);

	if (!y) {
		y = arena_alloc(s->a, sizeof(*y));
		y->kind = SYM_AGG;
		y->name = agg->name;
		y->loc = agg->loc;
		y->func = f;
		y->agg_index = -1;
		y->nkeys = 0;
		for (struct node *k = keys; k; k = k->next)
			y->nkeys++;
		y->keys = arena_alloc(s->a, sizeof(*y->keys) * (y->nkeys + 1));
		int i = 0;

		for (struct node *k = keys; k; k = k->next)
			y->keys[i++] = k->type;
		vec_push(&s->syms, y);
	} else if (y->func != f) {
		diag_error(s->diag, call->loc, D_AGG_REDEF,
			   "@%s: aggregation redefined with a different function",
			   agg->name);
		return -1;
	} else if (!same_keys(y, keys)) {
		diag_error(s->diag, n->lhs->loc, D_AGG_MDIM,
			   "@%s: aggregation redeclared with different key types",
			   agg->name);
		return -1;
	}
	agg->sym = y;
	return 0;
}
