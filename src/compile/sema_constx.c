/*
 * The rest of D's integer constant expressions, as DTrace's parser
 * folds them (dt_node_op1/op2/op3 and dt_cast on integer constants):
 * casts to an integer type, "?:", %, ^, the comparisons and the logical
 * operators.  sema_type.c's const_eval() handles the common operators
 * and comes here for the others; system headers included under -C need
 * them for array sizes and enumerators, e.g. glibc's
 * "__fds_bits[1024 / (8 * (int) sizeof (__fd_mask))]".
 */
#include "lex.h"
#include "sema_impl.h"

/* v converted to integer type t, as a cast does */
static int64_t to_type(const struct dtype *t, int64_t v)
{
	unsigned bits = 8 * t->size;

	if (bits == 0 || bits >= 64)
		return v;
	if (t->is_signed)
		return (int64_t)((uint64_t)v << (64 - bits)) >> (64 - bits);
	return (int64_t)((uint64_t)v & ((1ULL << bits) - 1));
}

static bool is_unsigned(const struct node *n)
{
	return n->type && type_is_int(n->type) && !n->type->is_signed &&
	       n->type->size >= 8;
}

bool sema_const_binop(const struct node *n, int64_t a, int64_t b,
		      int64_t *v)
{
	bool u = is_unsigned(n->lhs) || is_unsigned(n->rhs);

	switch (n->op) {
	case TK_PERCENT:
		if (!b)
			return false;
		*v = u ? (int64_t)((uint64_t)a % (uint64_t)b) : a % b;
		return true;
	case TK_XOR: *v = a ^ b; return true;
	case TK_EQ: *v = a == b; return true;
	case TK_NE: *v = a != b; return true;
	case TK_LT: *v = u ? (uint64_t)a < (uint64_t)b : a < b; return true;
	case TK_LE: *v = u ? (uint64_t)a <= (uint64_t)b : a <= b; return true;
	case TK_GT: *v = u ? (uint64_t)a > (uint64_t)b : a > b; return true;
	case TK_GE: *v = u ? (uint64_t)a >= (uint64_t)b : a >= b; return true;
	case TK_LAND: *v = a && b; return true;
	case TK_LOR: *v = a || b; return true;
	case TK_LXOR: *v = !a != !b; return true;
	default: return false;
	}
}

bool sema_const_more(struct sema *s, struct node *n, int64_t *v,
		     sema_const_fn ev)
{
	int64_t c;

	switch (n->kind) {
	case NK_CAST:
		if (!n->type || !type_is_int(n->type) || !ev(s, n->lhs, &c))
			return false;
		*v = to_type(n->type, c);
		return true;
	case NK_COND:
		if (!ev(s, n->cond, &c))
			return false;
		return ev(s, c ? n->then : n->els, v);
	default:
		return false;
	}
}

/*
 * The value of n if it is an integer constant expression of the kind
 * DTrace's parser folds as it reads it (integers under unary, binary
 * and, once typed, cast operators): dividing by one that is 0 is
 * refused whatever the constant looks like (123 / (7 - 7)), and
 * lquantize() takes one as its base.
 */
bool sema_folded_const(struct sema *s, struct node *n, int64_t *v)
{
	int64_t a, b;

	switch (n->kind) {
	case NK_INT:
		*v = (int64_t)n->ival;
		return true;
	case NK_UNARY:
		if (!sema_folded_const(s, n->lhs, &a))
			return false;
		switch (n->op) {
		case TK_MINUS: *v = (int64_t)(0 - (uint64_t)a); return true;
		case TK_PLUS: *v = a; return true;
		case TK_TILDE: *v = ~a; return true;
		case TK_NOT: *v = !a; return true;
		default: return false;
		}
	case NK_BINARY:
		if (!sema_folded_const(s, n->lhs, &a) || !sema_folded_const(s, n->rhs, &b))
			return false;
		switch (n->op) {
		case TK_PLUS: *v = (int64_t)((uint64_t)a + (uint64_t)b); return true;
		case TK_MINUS: *v = (int64_t)((uint64_t)a - (uint64_t)b); return true;
		case TK_STAR: *v = (int64_t)((uint64_t)a * (uint64_t)b); return true;
		case TK_SLASH: if (!b) return false; *v = a / b; return true;
		case TK_SHL: *v = (int64_t)((uint64_t)a << (b & 63)); return true;
		case TK_SHR: *v = a >> (b & 63); return true;
		case TK_BOR: *v = a | b; return true;
		case TK_AMP: *v = a & b; return true;
		default: return sema_const_binop(n, a, b, v);
		}
	default:
		return sema_const_more(s, n, v, sema_folded_const);
	}
}

bool sema_is_folded_const(const struct node *n)
{
	int64_t v;

	/* the walk reads n only; no sema state is needed */
	return sema_folded_const(NULL, (struct node *)n, &v);
}
