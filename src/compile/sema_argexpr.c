/*
 * args[i] of probes whose provider describes the argument as a D
 * expression of arg0 .. arg9 (struct probe_arg expr): the stable
 * providers, whose args[] are DTrace's types through the translators of
 * lib/dtrace/ while arg0 .. arg9 stay the kernel's native values, as in
 * DTrace:
 *
 *	proc:::create		args[0] is xlate <psinfo_t *> ((struct task_struct *)arg0)
 *	proc:::exec		args[0] is copyinstr(arg0)
 *
 * The expression is parsed where args[i] stands, every node taking the
 * location of args[i], so that an error in what the script does with
 * it (a member the translator does not have) points at the script.
 * The probes of one clause must describe args[i] alike.
 */
#include <string.h>

#include "../providers/provider.h"
#include "btf.h"
#include "parse.h"
#include "sema_impl.h"

static void relocate(struct node *n, struct srcloc loc)
{
	for (; n; n = n->next) {
		n->loc = loc;
		relocate(n->lhs, loc);
		relocate(n->rhs, loc);
		relocate(n->cond, loc);
		relocate(n->then, loc);
		relocate(n->els, loc);
		relocate(n->args, loc);
	}
}

static const char *probe_name(struct sema *s, const struct probe *p)
{
	return arena_printf(s->a, "%s:%s:%s:%s", p->provname, p->mod, p->func,
			    p->name);
}

int sema_args_expr(struct sema *s, struct node *n, int i)
{
	const struct probe *first = s->probes[0];
	const char *text = first->args[i].expr;
	struct source *src;
	struct node *e, *next = n->next;

	for (size_t k = 1; k < s->nprobes; k++) {
		const struct probe *p = s->probes[k];
		const char *t = p->args[i].expr;

		if (t && text && strcmp(t, text) == 0)
			continue;
		diag_error(s->diag, n->loc, D_ARGS_TYPE,
			   "args[%d] has different types on the probes of this clause: \"%s\" on %s, \"%s\" on %s",
			   i, first->args[i].type ? first->args[i].type : "?",
			   probe_name(s, first),
			   p->args[i].type ? p->args[i].type : "?",
			   probe_name(s, p));
		return -1;
	}
	src = arena_alloc(s->a, sizeof(*src));
	src->name = arena_printf(s->a, "%s args[%d]", probe_name(s, first), i);
	src->text = text;
	struct program prog = { .kernel_type = dbtf_is_type_name,
				.kernel_ctx = s->types };

	if (parse_expression(s->a, src, s->diag, &prog, &e) < 0)
		return -1;
	relocate(e, n->loc);
	*n = *e;
	n->next = next;
	if (sema_expr(s, n) < 0)
		return -1;
	n->is_args = true;	/* args[i]'s attributes (stability.c) */
	return 0;
}
