/*
 * Operands of binary operators when registers run short.
 *
 * cg_expr keeps each operand in a register until its operator is done,
 * so a deeply nested expression (a + (b + (c + ...))) holds one register
 * per level and exhausts the eight temporaries.  When few registers are
 * left after the left operand and the right one is not a leaf, the left
 * value waits in a stack slot while the right is evaluated, then comes
 * back in a fresh register.  Stack slots (not dctx scratch) keep pointer
 * values typed for the verifier.  Slots are used like a stack, one per
 * nesting level, below the fixed frame slots (cg.h) and the loop save
 * area (cg_loop.c).
 */
#include "cg.h"

#define SPILL_BASE	(-128)		/* first slot; -8 * n below it */
#define SPILL_SLOTS	40		/* within BPF's 512-byte stack */
#define SPILL_MIN_FREE	5		/* spill when fewer are free: a
					 * faulting read needs five */

static int free_regs(const struct cg *cg)
{
	int n = 0;

	for (int r = R1; r <= R8; r++)
		if (!(cg->busy & (1u << r)))
			n++;
	return n;
}

/* a right operand that needs at most one register of its own */
static bool is_leaf(const struct node *n)
{
	switch (n->kind) {
	case NK_INT: case NK_STRING: case NK_IDENT: case NK_MACRO:
	case NK_SELF: case NK_THIS: case NK_SIZEOF_TYPE:
	case NK_SIZEOF_EXPR: case NK_OFFSETOF:
		return true;
	default:
		return false;
	}
}

void cg_operands(struct cg *cg, struct node *n, int *a, int *b)
{
	*a = cg_expr(cg, n->lhs);
	if (free_regs(cg) >= SPILL_MIN_FREE || is_leaf(n->rhs) ||
	    cg->spill_depth >= SPILL_SLOTS) {
		*b = cg_expr(cg, n->rhs);
		return;
	}
	int16_t slot = SPILL_BASE - 8 * cg->spill_depth++;

	emit(cg->e, I_STX_MEM(BPF_DW, REG_FP, *a, slot));
	ra_free(cg, *a);
	*b = cg_expr(cg, n->rhs);
	*a = ra_alloc(cg);
	emit(cg->e, I_LDX_MEM(BPF_DW, *a, REG_FP, slot));
	cg->spill_depth--;
}
