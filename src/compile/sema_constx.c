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
