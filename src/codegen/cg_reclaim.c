/*
 * Giving dctx scratch back.  cg_scratch() is a bump allocator over the
 * clause, so a long clause (a hundred statements loading thread-locals,
 * a chain of ?: comparing strjoin()s) ran out of its 16 KiB although
 * little of it is live at any time.  What a statement or a string
 * comparison allocated is dead once it is done, since values that
 * outlive it are copied (records, variables, strings), with four
 * exceptions that keep a clause's allocations: state set up on first
 * use for the rest of the clause (strtok()'s), a clause with an
 * alloca() heap (it starts where the clause's allocations end),
 * memory from alloca(), and a pointer stored anywhere (it may point
 * into scratch, as a translated curcpu does).
 */
#include "cg.h"

#include <string.h>

/* Does n (a list) call alloca() or store a value that is not copied? */
static bool keeps_scratch(const struct node *n)
{
	for (; n; n = n->next) {
		if (n->kind == NK_CALL && n->name && !strcmp(n->name, "alloca"))
			return true;
		if (n->kind == NK_ASSIGN && n->type && !type_is_int(n->type) &&
		    !type_is_string(n->type) && !type_is_float(n->type))
			return true;
		if (keeps_scratch(n->lhs) || keeps_scratch(n->rhs) ||
		    keeps_scratch(n->cond) || keeps_scratch(n->then) ||
		    keeps_scratch(n->els) || keeps_scratch(n->args))
			return true;
	}
	return false;
}

void cg_scratch_mark(struct cg *cg, struct cg_scratch_mark *m)
{
	*m = (struct cg_scratch_mark){ cg->scratch_off, cg->strtok_state,
				       cg->heap_slot, cg->nheap_fix,
				       cg->strtok_clause };
}

void cg_scratch_reclaim(struct cg *cg, const struct cg_scratch_mark *m,
			const struct node *n)
{
	/* the heap starts where scratch_off ends the clause, above
	 * everything, so a clause with one gives nothing back */
	if (cg->heap_slot || m->strtok_clause != cg->strtok_clause ||
	    m->strtok_state != cg->strtok_state ||
	    m->nheap_fix != cg->nheap_fix)
		return;
	if (keeps_scratch(n->lhs) || keeps_scratch(n->rhs))
		return;
	cg->scratch_off = m->off;
}
