/*
 * Giving dctx scratch back.  cg_scratch() is a bump allocator over the
 * clause, so a long clause (a hundred statements loading thread-locals,
 * a chain of ?: comparing strjoin()s, a printf of two dozen strjoin()s)
 * ran out of its 16 KiB although little of it is live at any time.
 * Scratch is given back as registers are, once the value that used it
 * is consumed: a statement, a string comparison, a value copied into
 * the record or into a subroutine's own buffer (str_in), any value
 * that is an integer (cg_operand: an array element read with string
 * keys, an if's condition, strlen()), or a string subroutine past the
 * buffer its result lives in (which it allocates first, so that its
 * inputs' temporaries lie above it, or takes from its caller:
 * cg_subr.c).  Values that outlive their expression are copied
 * (records, variables, strings), with five exceptions that keep a
 * clause's allocations: state set up on first use for the rest of the
 * clause (strtok()'s), a clause with an alloca() heap (it starts where
 * the clause's allocations end), memory from alloca(), a pointer stored
 * anywhere (it may point into scratch, as a translated curcpu does) and
 * an address cast to an integer (the same).
 */
#include "cg.h"

#include <string.h>

static bool keeps_list(const struct node *n);

/* Does n call alloca() or store a value that is not copied? */
static bool keeps_scratch(const struct node *n)
{
	if (!n)
		return false;
	if (n->kind == NK_CALL && n->name && !strcmp(n->name, "alloca"))
		return true;
	if (n->kind == NK_ASSIGN && n->type && !type_is_int(n->type) &&
	    !type_is_string(n->type) && !type_is_float(n->type))
		return true;
	/* an address made an integer may be one in scratch */
	if (n->kind == NK_CAST && n->type && type_is_int(n->type) &&
	    n->lhs && n->lhs->type && !type_is_int(n->lhs->type) &&
	    !type_is_float(n->lhs->type))
		return true;
	return keeps_list(n->lhs) || keeps_list(n->rhs) ||
	       keeps_list(n->cond) || keeps_list(n->then) ||
	       keeps_list(n->els) || keeps_list(n->args);
}

/* ... any node of the list n */
static bool keeps_list(const struct node *n)
{
	for (; n; n = n->next)
		if (keeps_scratch(n))
			return true;
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
	cg_scratch_reclaim_to(cg, m, n, 0);
}

void cg_scratch_reclaim_to(struct cg *cg, const struct cg_scratch_mark *m,
			   const struct node *n, uint32_t keep_end)
{
	/* the heap starts where scratch_off ends the clause, above
	 * everything, so a clause with one gives nothing back */
	if (cg->heap_slot || m->strtok_clause != cg->strtok_clause ||
	    m->strtok_state != cg->strtok_state ||
	    m->nheap_fix != cg->nheap_fix)
		return;
	if (keeps_scratch(n))
		return;
	if (keep_end < m->off)
		keep_end = m->off;
	if (keep_end < cg->scratch_off)
		cg->scratch_off = keep_end;
}
