/*
 * Widening a value to a wider type.  D computes in 64-bit registers and,
 * as DTrace does, does not narrow the result of an operator to its type
 * (an int's 5 * i * i / i is exact although i * i overflows 32 bits):
 * the value is narrowed where it is stored or cast to a narrower type.
 * But where an int's result meets a wider type, as in `z = x + x` with z
 * a long long, or is compared, C's value is the int's: 1 << 30 doubled
 * is INT_MIN, negative.  So a value that may carry bits past its type's
 * width is narrowed to its own type before it is widened or compared.
 * A char's or short's is narrowed to int's width only: D does not
 * promote them to int, but its 64-bit result of `C + c`, two chars, is
 * C's int (257 for 254 + 3; printf and stores narrow it to a char).
 * The same holds wherever the value leaves its expression as 64 bits:
 * a subroutine's or action's argument (lltostr(a + a) is "-2147483648"),
 * an aggregation's key, a predicate; cg_expr() narrows it and
 * operators take their operands' 64 bits from cg_operand().  The value
 * an aggregating function adds up keeps its 64 bits, as in DTrace
 * (cg_agg.c).
 * Only operators' results computed as the probe fires can carry such
 * bits; variables, members and literals are loaded narrowed already,
 * and a constant expression keeps all its 64 bits, as DTrace's parser
 * folds it into one constant: `arg1 + (1 << 44)` adds 2^44.
 * A left shift by a 64-bit count, and what is computed with it, is not
 * narrowed either: `1 << n` with n an int64_t is how D scripts make a
 * 64-bit mask, and both DTraces give it its 64 bits (aggs/tst.quantmany
 * counts on `1 << shift` being 2^31, not INT_MIN, to end).
 */
#include "cg.h"

#include "../compile/lex.h"

/* Whether n is, or computes with, a left shift by a 64-bit count */
static bool wide_shift(const struct node *n)
{
	if (n->kind != NK_BINARY)
		return false;
	if (n->op == TK_SHL && n->rhs->type && n->rhs->type->size >= 8)
		return true;
	return wide_shift(n->lhs) || wide_shift(n->rhs);
}

/* Whether n's value may hold bits past its type's width */
static bool may_overflow(const struct node *n)
{
	switch (n->kind) {
	case NK_BINARY:
		switch (n->op) {
		case TK_EQ: case TK_NE: case TK_LT: case TK_LE: case TK_GT:
		case TK_GE: case TK_LAND: case TK_LOR: case TK_LXOR:
			return false;
		case TK_COMMA:
			return may_overflow(n->rhs);
		default:
			return !sema_is_folded_const(n) && !wide_shift(n);
		}
	case NK_COND:
		return may_overflow(n->then) || may_overflow(n->els);
	case NK_BIND:
		return may_overflow(n->rhs);	/* an inline's body */
	case NK_CAST:
		return n->lhs->type && type_is_int(n->lhs->type) &&
		       n->lhs->type->size == n->type->size &&
		       n->lhs->type->is_signed == n->type->is_signed &&
		       may_overflow(n->lhs);
	default:
		return false;
	}
}

/* n's value narrowed to its type, or to int's width if narrower */
static void narrow(struct cg *cg, int reg, const struct node *n)
{
	const struct dtype *t = n->type;

	cg_normalize(cg, reg, t->size < 4 ? &cg->types->t_int : t);
}

void cg_widen(struct cg *cg, int reg, const struct node *n,
	      const struct dtype *to)
{
	const struct dtype *t = n->type;

	if (!t || !type_is_int(t) || t->size >= 8 || !may_overflow(n))
		return;
	if (to && type_is_int(to) && to->size <= t->size)
		return;
	narrow(cg, reg, n);
}

int cg_expr(struct cg *cg, struct node *n)
{
	int r = cg_operand(cg, n);

	cg_widen(cg, r, n, NULL);
	return r;
}

int cg_expr_to(struct cg *cg, struct node *n, const struct dtype *to)
{
	int r = cg_operand(cg, n);

	cg_widen(cg, r, n, to);
	return r;
}
