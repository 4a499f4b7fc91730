/*
 * Register spilling around deep subexpressions.
 *
 * An expression keeps each value it has computed in a register until
 * the operator or call that wants it is done, so a deep expression
 * (a + (b + (c + ...))), strstr(s, tolower(strjoin(...))), a key of
 * nested calls) holds one register per level and would exhaust the
 * eight temporaries.  As DTrace's dt_regset spills registers to the
 * stack, cg_expr() brackets the code of every subexpression that needs
 * registers of its own: when fewer than it needs are free at its
 * start, the values the enclosing expressions hold wait in stack slots
 * while it runs, and come back, in the same registers, at its end.
 * Nothing outside a subexpression's code reads those registers while it
 * runs (its parents are not running), and both the stores and the loads
 * are on the straight line before and after its code, so every path
 * through it (branches of ?:, &&, loops) finds the values where it left
 * them; its fault paths leave the clause and need them no more.
 *
 * Stack slots (not dctx scratch) keep pointer values typed for the
 * verifier.  Slots are used like a stack, one per value spilled, below
 * the fixed frame slots (cg.h) and the loop save area (cg_loop.c).
 */
#include "cg.h"

#define SPILL_BASE	(-128)		/* first slot; -8 * n below it */
#define SPILL_SLOTS	40		/* within BPF's 512-byte stack */

static const int spill_order[] = { R6, R7, R8, R1, R2, R3, R4, R5 };

static int free_regs(const struct cg *cg)
{
	int n = 0;

	for (int r = R1; r <= R8; r++)
		if (!(cg->busy & (1u << r)))
			n++;
	return n;
}

/*
 * The registers n's own code may hold at once, its operands' values
 * included (measured over the tests and generated programs): a helper
 * call or a subroutine's loop wants all of them, an operator five (a
 * faulting read needs five), a constant or a global only its value's.
 */
static int regs_needed(const struct node *n)
{
	switch (n->kind) {
	case NK_INT: case NK_STRING: case NK_MACRO: case NK_SIZEOF_TYPE:
	case NK_SIZEOF_EXPR: case NK_OFFSETOF: case NK_BOUND:
		return 1;
	case NK_IDENT:		/* a global; built-ins may call helpers */
		return n->builtin < 0 ? 1 : 8;
	case NK_CALL:
		return 8;
	case NK_PREINC: case NK_PREDEC: case NK_POSTINC: case NK_POSTDEC:
		return 6;
	default:
		return 5;
	}
}

/*
 * Whether reg was written since it was allocated.  A register allocated
 * ahead of the code that sets it holds nothing yet: it is lent without
 * being stored (the verifier refuses a store of an unset register).
 */
static bool reg_written(const struct cg *cg, int reg)
{
	const struct emit *e = cg->e;

	for (size_t i = cg->alloc_at[reg]; i < e->len; i++) {
		const struct bpf_insn *in = &e->insns[i];
		int cls = BPF_CLASS(in->code);

		if (in->dst_reg == reg && (cls == BPF_ALU || cls == BPF_ALU64 ||
					   cls == BPF_LDX || cls == BPF_LD))
			return true;
	}
	return false;
}

void ra_spill_begin(struct cg *cg, const struct node *n, struct ra_spill *s)
{
	s->stored = s->lent = 0;
	int need = regs_needed(n) - free_regs(cg);

	if (need <= 0 || diag_failed(cg->diag))
		return;

	for (size_t i = 0; need > 0 && i < sizeof(spill_order) /
					    sizeof(spill_order[0]); i++) {
		int r = spill_order[i];

		if (!(cg->busy & (1u << r)))
			continue;
		if (!reg_written(cg, r)) {
			s->lent |= 1u << r;
		} else if (cg->spill_depth < SPILL_SLOTS) {
			s->slot[r] = (int16_t)(SPILL_BASE - 8 * cg->spill_depth++);
			emit(cg->e, I_STX_MEM(BPF_DW, REG_FP, r, s->slot[r]));
			s->stored |= 1u << r;
		} else {
			diag_error(cg->diag, n->loc, D_UNSUPPORTED,
				   "expression too complex: its values waiting "
				   "for their operators exceed the BPF stack");
			return;
		}
		cg->busy &= ~(1u << r);
		need--;
	}
}

int ra_spill_end(struct cg *cg, struct ra_spill *s, int r)
{
	uint16_t back = s->stored | s->lent;

	if (!back || diag_failed(cg->diag))
		return r;
	if (r >= 0 && (back & (1u << r))) {
		/* the value landed in a register the parents want back */
		cg->busy |= back;
		int to = ra_alloc(cg);

		cg->busy &= ~back;
		emit(cg->e, I_MOV64_REG(to, r));
		ra_free(cg, r);
		r = to;
	}
	for (int reg = R8; reg >= R1; reg--)
		if (s->stored & (1u << reg)) {
			emit(cg->e, I_LDX_MEM(BPF_DW, reg, REG_FP, s->slot[reg]));
			cg->spill_depth--;
		}
	for (int reg = R1; reg <= R8; reg++)
		if (s->lent & (1u << reg))
			cg->alloc_at[reg] = (uint32_t)cg->e->len; /* unset again */
	cg->busy |= back;
	return r;
}
