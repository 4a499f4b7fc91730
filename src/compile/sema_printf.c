/*
 * printf() arguments that are not values: an aggregation (`@a`) or an
 * action called in the argument list (`printf("%s", printf("x"))`).
 * DTrace checks them against the format like any argument, as values
 * of type "aggregation" and "void" (dt_printf_validate), so the error
 * is the format's D_PRINTF_ARG_TYPE, not the expression's D_AGG_SCALAR
 * or D_OP_ACT that checking them as expressions would give.  stringof()
 * of an action is likewise its D_STRINGOF_TYPE (sema_mem.c).
 */
#include <stdio.h>

#include "sema_impl.h"
#include "../runtime/fmt.h"

bool sema_is_action_call(const struct node *n)
{
	enum dfunc f;

	if (n->kind != NK_CALL)
		return false;
	f = sema_func(n->name);
	/* stack() has a value; count() has its own tag */
	return f != DF_NONE && !sema_is_agg_func(f) && f != DF_STACK &&
	       f != DF_USTACK;
}

/* The kind a non-value argument has for the format check, or -1. */
static int nonvalue_kind(const struct node *a)
{
	if (a->kind == NK_AGG)
		return FA_AGG;
	return sema_is_action_call(a) ? FA_OTHER : -1;	/* FA_OTHER: void */
}

int sema_printf_nonvalue(struct sema *s, struct node *call)
{
	const struct node *fmtn = call->args;
	struct fmt *f = NULL;
	char err[512];
	enum dtag tag;
	int i = 0;

	if (!fmtn || fmtn->kind != NK_STRING)
		return 0;
	for (const struct node *a = fmtn->next; a; a = a->next, i++) {
		int kind = nonvalue_kind(a);

		if (kind < 0)
			continue;
		if (!f && fmt_parse(s->a, fmtn->sval, &f, err, sizeof(err)) < 0)
			return 0;	/* the format's own error comes later */
		struct fmt_arg fa = { .kind = (enum fmt_argkind)kind };

		if (fmt_arg_check(f, i, &fa, call->name, 1, &tag, err,
				  sizeof(err)) < 0)
			goto bad;
	}
	/* one the format does not consume: D_PRINTF_ARG_EXTRA, as DTrace */
	if (f && fmt_check_args(f, NULL, i, call->name, 1, false, true, &tag,
				err, sizeof(err)) < 0)
		goto bad;
	return 0;
bad:
	diag_error(s->diag, call->loc, tag, "%s", err);
	return -1;
}
