/*
 * Code generation for expressions: constants, operators, assignments and
 * conditionals.  Each returns its value in a newly allocated register;
 * strings are pointers to NUL-terminated bytes in map memory with at
 * least strsize readable bytes.
 */
#include "cg.h"

#include <string.h>

#include "../compile/lex.h"
#include "../runtime/options.h"

uint32_t cg_scratch(struct cg *cg, uint32_t size)
{
	uint32_t off = (cg->scratch_off + 7) & ~7u;

	if (off + size > DCTX_SCRATCH - cg->this_size) {
		/* what is live at once: the values an expression holds
		 * until its operator consumes them (cg_reclaim.c) */
		diag_error(cg->diag, cg->expr_at ? cg->expr_at->loc :
			   cg->clause->loc, D_UNSUPPORTED,
			   "expression too complex: the strings and other values it holds at once need more than the %u bytes of scratch space a clause has for them (strsize is %u)",
			   DCTX_SCRATCH - CG_REC_MAX - cg->this_size,
			   (unsigned)cg->opts->strsize);
		return CG_REC_MAX;
	}
	cg->scratch_off = off + size;
	cg->subr_out_size = 0;	/* lent only to a call's first: cg_subr.c */
	return off;
}

/* Keep reg sign- or zero-extended from its type's width. */
void cg_normalize(struct cg *cg, int reg, const struct dtype *t)
{
	if (!type_is_int(t) || t->size >= 8)
		return;
	if (t->is_bool) {	/* C: any non-zero value converts to 1 */
		emit(cg->e, I_JMP_IMM(BPF_JEQ, reg, 0, 1));
		emit(cg->e, I_MOV64_IMM(reg, 1));
		return;
	}
	int sh = 64 - 8 * (int)t->size;

	if (!t->is_signed && t->size == 4) {
		emit(cg->e, I_MOV32_REG(reg, reg));
		return;
	}
	emit(cg->e, I_ALU64_IMM(BPF_LSH, reg, sh));
	emit(cg->e, I_ALU64_IMM(t->is_signed ? BPF_ARSH : BPF_RSH, reg, sh));
}

static void load_const(struct cg *cg, int reg, uint64_t v)
{
	int64_t s = (int64_t)v;

	if (s >= INT32_MIN && s <= INT32_MAX)
		emit(cg->e, I_MOV64_IMM(reg, (int32_t)s));
	else
		emit_ld_imm64(cg->e, reg, v);
}

static int cg_int(struct cg *cg, struct node *n)
{
	int r = ra_alloc(cg);

	load_const(cg, r, n->ival);
	cg_normalize(cg, r, n->type);
	return r;
}

/* r = (r != 0) */
static void to_bool(struct cg *cg, int r)
{
	emit(cg->e, I_JMP_IMM(BPF_JEQ, r, 0, 1));
	emit(cg->e, I_MOV64_IMM(r, 1));
}

static int jmp_op(int tok, bool is_signed)
{
	switch (tok) {
	case TK_EQ: return BPF_JEQ;
	case TK_NE: return BPF_JNE;
	case TK_LT: return is_signed ? BPF_JSLT : BPF_JLT;
	case TK_LE: return is_signed ? BPF_JSLE : BPF_JLE;
	case TK_GT: return is_signed ? BPF_JSGT : BPF_JGT;
	default:    return is_signed ? BPF_JSGE : BPF_JGE;
	}
}

static int alu_op(int tok, bool is_signed)
{
	switch (tok) {
	case TK_PLUS: case TK_ADD_ASSIGN: case TK_INC: return BPF_ADD;
	case TK_MINUS: case TK_SUB_ASSIGN: case TK_DEC: return BPF_SUB;
	case TK_STAR: case TK_MUL_ASSIGN: return BPF_MUL;
	case TK_SLASH: case TK_DIV_ASSIGN: return BPF_DIV;
	case TK_PERCENT: case TK_MOD_ASSIGN: return BPF_MOD;
	case TK_AMP: case TK_AND_ASSIGN: return BPF_AND;
	case TK_BOR: case TK_OR_ASSIGN: return BPF_OR;
	case TK_XOR: case TK_XOR_ASSIGN: return BPF_XOR;
	case TK_SHL: case TK_SHL_ASSIGN: return BPF_LSH;
	default: return is_signed ? BPF_ARSH : BPF_RSH;
	}
}

/*
 * Signed division and remainder through unsigned ones (BPF's signed
 * forms need a v4 CPU, which older kernels lack): divide magnitudes,
 * then give the quotient the sign of a*b and the remainder a's sign.
 */
static void signed_divmod(struct cg *cg, int op, int a, int b)
{
	int neg = ra_alloc(cg);

	emit(cg->e, I_MOV64_IMM(neg, 0));
	emit(cg->e, I_JMP_IMM(BPF_JSGE, a, 0, 2));
	emit(cg->e, I_NEG64(a));
	emit(cg->e, I_MOV64_IMM(neg, 1));
	emit(cg->e, I_JMP_IMM(BPF_JSGE, b, 0, op == BPF_DIV ? 2 : 1));
	emit(cg->e, I_NEG64(b));
	if (op == BPF_DIV)
		emit(cg->e, I_ALU64_IMM(BPF_XOR, neg, 1));
	emit(cg->e, I_ALU64_REG(op, a, b));
	emit(cg->e, I_JMP_IMM(BPF_JEQ, neg, 0, 1));
	emit(cg->e, I_NEG64(a));
	ra_free(cg, neg);
}

/* a = a op b, in 64 bits, signed division if t is signed; frees b.
 * The result is not narrowed to t: DTrace narrows where a value is
 * stored or cast, so 5 * i * i / i of an int i = 25920 is exact. */
static void arith(struct cg *cg, int tok, int a, int b, const struct dtype *t)
{
	int op = alu_op(tok, t->is_signed);

	if (op == BPF_DIV || op == BPF_MOD) {
		/* BPF yields 0 for x / 0; D faults, as DTrace does */
		int ok = emit_label_new(cg->e);

		emit_jmp_imm(cg->e, BPF_JNE, b, 0, ok);
		cg_fault(cg, DFLT_DIVZERO, -1);
		emit_label_place(cg->e, ok);
	}
	if ((op == BPF_DIV || op == BPF_MOD) && t->is_signed)
		signed_divmod(cg, op, a, b);
	else
		emit(cg->e, I_ALU64_REG(op, a, b));
	ra_free(cg, b);
}

/* x op= y: a (x's value) = a op b (y's), signed as x's type t is (the
 * assignment's type, as in DTrace) */
void cg_arith(struct cg *cg, int tok, int a, int b, const struct dtype *t)
{
	arith(cg, tok, a, b, type_arith_operand(cg->types, t));
}

static int cg_compare(struct cg *cg, struct node *n)
{
	if (type_is_string(n->lhs->type))
		return cg_strcmp(cg, n);
	const struct dtype *t = type_arith_conv(cg->types, n->lhs->type,
						n->rhs->type);
	int a, b;

	a = cg_expr(cg, n->lhs);		/* compared as C's ints */
	b = cg_expr(cg, n->rhs);
	/* the 64-bit values, signed if their common type is */
	if (!type_is_int(n->lhs->type) || !type_is_int(n->rhs->type))
		t = &cg->types->t_ulong;	/* pointers compare unsigned */
	emit(cg->e, I_JMP_REG(jmp_op(n->op, t->is_signed), a, b, 2));
	emit(cg->e, I_MOV64_IMM(a, 0));
	emit(cg->e, I_JA(1));
	emit(cg->e, I_MOV64_IMM(a, 1));
	ra_free(cg, b);
	return a;
}

/* && || ^^ */
static int cg_logical(struct cg *cg, struct node *n)
{
	int a = cg_expr(cg, n->lhs);

	to_bool(cg, a);
	if (n->op == TK_LXOR) {
		int b = cg_expr(cg, n->rhs);

		to_bool(cg, b);
		emit(cg->e, I_ALU64_REG(BPF_XOR, a, b));
		ra_free(cg, b);
		return a;
	}
	int done = emit_label_new(cg->e);

	emit_jmp_imm(cg->e, BPF_JEQ, a, n->op == TK_LAND ? 0 : 1, done);
	ra_free(cg, a);
	int b = cg_expr(cg, n->rhs);

	if (b != a)
		emit(cg->e, I_MOV64_REG(a, b));
	ra_free(cg, b);
	cg->busy |= 1u << a;
	to_bool(cg, a);
	emit_label_place(cg->e, done);
	return a;
}

static int cg_binary(struct cg *cg, struct node *n)
{
	switch (n->op) {
	case TK_COMMA: {
		int a = cg_expr(cg, n->lhs);

		ra_free(cg, a);
		return cg_operand(cg, n->rhs);
	}
	case TK_LAND: case TK_LOR: case TK_LXOR:
		return cg_logical(cg, n);
	case TK_EQ: case TK_NE: case TK_LT: case TK_LE: case TK_GT: case TK_GE:
		return cg_compare(cg, n);
	default:
		break;
	}
	if (type_is_string(n->type))
		return cg_str_offset(cg, n);
	int a, b;

	a = cg_operand(cg, n->lhs);
	b = cg_operand(cg, n->rhs);
	cg_widen(cg, a, n->lhs, n->type);
	if (n->op != TK_SHL && n->op != TK_SHR)	/* a count, not converted */
		cg_widen(cg, b, n->rhs, n->type);
	arith(cg, n->op, a, b, n->type);
	return a;
}

static int cg_unary(struct cg *cg, struct node *n)
{
	int r = cg_expr(cg, n->lhs);

	switch (n->op) {
	case TK_MINUS:
		emit(cg->e, I_NEG64(r));
		cg_normalize(cg, r, n->type);	/* -1u is 4294967295 */
		break;
	case TK_TILDE:
		emit(cg->e, I_ALU64_IMM(BPF_XOR, r, -1));
		cg_normalize(cg, r, n->type);
		break;
	case TK_NOT:
		emit(cg->e, I_JMP_IMM(BPF_JEQ, r, 0, 2));
		emit(cg->e, I_MOV64_IMM(r, 0));
		emit(cg->e, I_JA(1));
		emit(cg->e, I_MOV64_IMM(r, 1));
		return r;
	default:
		break;
	}
	return r;
}

static int cg_assign(struct cg *cg, struct node *n)
{
	if (sema_is_dvar(n->lhs))
		return cg_dvar_assign(cg, n);
	if (n->lhs->kind != NK_IDENT)
		return cg_store_assign(cg, n);	/* cg_store.c */
	if (type_is_sou(n->lhs->type) || type_is_ldouble(n->lhs->type))
		return cg_store_sou(cg, n);	/* cg_store.c */
	const struct dsym *y = n->lhs->sym;
	int v;

	if (n->op != TK_ASSIGN) {
		/* x op= e reads x before it evaluates e, as DTrace does */
		int old = cg_global_load(cg, y);

		v = cg_expr_to(cg, n->rhs, y->type);
		cg_arith(cg, n->op, old, v, y->type);
		v = old;
	} else {
		v = cg_expr_to(cg, n->rhs, y->type);
	}
	cg_normalize(cg, v, y->type);
	cg_global_store(cg, y, v);
	return v;
}

static int cg_incdec(struct cg *cg, struct node *n)
{
	if (sema_is_dvar(n->lhs))
		return cg_dvar_incdec(cg, n);
	if (n->lhs->kind != NK_IDENT)
		return cg_store_incdec(cg, n);	/* cg_store.c */
	const struct dsym *y = n->lhs->sym;
	int v = cg_global_load(cg, y);
	int res = ra_alloc(cg);
	bool post = n->kind == NK_POSTINC || n->kind == NK_POSTDEC;

	if (post)
		emit(cg->e, I_MOV64_REG(res, v));
	/* a pointer moves by its pointee's size (sema_incdec_type) */
	emit(cg->e, I_ALU64_IMM(n->op == TK_INC ? BPF_ADD : BPF_SUB, v,
				n->ival ? (int32_t)n->ival : 1));
	cg_normalize(cg, v, y->type);
	if (!post)
		emit(cg->e, I_MOV64_REG(res, v));
	cg_global_store(cg, y, v);
	ra_free(cg, v);
	return res;
}

static int cg_cond(struct cg *cg, struct node *n)
{
	int els = emit_label_new(cg->e), done = emit_label_new(cg->e);

	cg_cond_jump(cg, n->cond, els);
	int r = cg_operand(cg, n->then);

	emit_ja(cg->e, done);
	emit_label_place(cg->e, els);
	ra_free(cg, r);
	int r2 = cg_operand(cg, n->els);

	if (r2 != r) {
		emit(cg->e, I_MOV64_REG(r, r2));
		ra_free(cg, r2);
	}
	cg->busy |= 1u << r;
	emit_label_place(cg->e, done);
	return r;
}

/* Jump to false_label when n is false (zero). */
void cg_cond_jump(struct cg *cg, struct node *n, int false_label)
{
	int r = cg_expr(cg, n);

	emit_jmp_imm(cg->e, BPF_JEQ, r, 0, false_label);
	ra_free(cg, r);
}

static int expr_value(struct cg *cg, struct node *n);

/* The value of n; the outermost expression is where an error points. */
int cg_operand(struct cg *cg, struct node *n)
{
	struct ra_spill s;
	bool outer = !cg->expr_at;
	int r;

	struct cg_scratch_mark m;

	if (outer)
		cg->expr_at = n;
	cg_scratch_mark(cg, &m);
	ra_spill_begin(cg, n, &s);	/* cg_spill.c */
	r = ra_spill_end(cg, &s, expr_value(cg, n));
	/* an integer holds no scratch: what its code used (the string
	 * keys of an array element, a condition's strings) is dead */
	if (n->type && type_is_int(n->type))
		cg_scratch_reclaim(cg, &m, n);	/* cg_reclaim.c */
	if (outer)
		cg->expr_at = NULL;
	return r;
}

static int expr_value(struct cg *cg, struct node *n)
{
	if (diag_failed(cg->diag))
		return R8;
	/* sym(), usym() ... (cg_stack.c) */
	if (n->kind == NK_CALL && n->type && sema_symval(n->type) != SV_NONE)
		return cg_stack_expr(cg, n);
	switch (n->kind) {
	case NK_INT:
		return cg_int(cg, n);
	case NK_STRING:
		if (n->is_null)
			return cg_str_null(cg);		/* cg_strnull.c */
		return cg_string_const(cg, n->sval, n->slen);
	case NK_IDENT:
		if (n->builtin >= 0)
			return cg_builtin(cg, n);
		return cg_global_load(cg, n->sym);
	case NK_UNARY:
		if (n->op == TK_STAR || n->op == TK_AMP)
			return cg_mem_expr(cg, n);	/* cg_member.c */
		return cg_unary(cg, n);
	case NK_MEMBER: case NK_PTRMEMBER: case NK_SYMBOL: case NK_STRINGOF:
		return cg_mem_expr(cg, n);
	case NK_BINARY:
		return cg_binary(cg, n);
	case NK_ASSIGN:
		return cg_assign(cg, n);
	case NK_PREINC: case NK_PREDEC: case NK_POSTINC: case NK_POSTDEC:
		return cg_incdec(cg, n);
	case NK_COND:
		return cg_cond(cg, n);
	case NK_SELF: case NK_THIS: case NK_INDEX:
		return cg_dvar_load(cg, n);
	case NK_CALL:
		if (strcmp(n->name, "speculation") == 0)
			return cg_spec_speculation(cg, n);
		return cg_subr(cg, n);
	case NK_XLATE:
		return cg_xlate(cg, n);		/* cg_xlate.c */
	case NK_BIND: case NK_BOUND:
		return cg_inline_bind(cg, n);	/* cg_inline.c */
	case NK_CAST:
		return cg_cast(cg, n);		/* cg_cast.c */
	default:
		cg_fail(cg, n, "%s is not supported yet", node_kind_name(n->kind));
		return R8;
	}
}
