/*
 * Code generation for strings: constants in the string table, copies
 * and comparisons.  A string value is a pointer to map memory with at
 * least strsize readable bytes (the string table is padded so that this
 * holds for constants too).
 */
#include "cg.h"
#include "cg_subr.h"

#include "../compile/lex.h"
#include "../runtime/options.h"

int cg_string_const(struct cg *cg, const char *s, size_t len)
{
	int r = ra_alloc(cg);
	uint32_t off = dobj_strtab_add(cg->obj, s, len);

	emit_ld_map_value(cg->e, r, DMAP_STRTAB, off);
	return r;
}

void cg_strcpy(struct cg *cg, int dst_base, int32_t off, int src,
	       uint32_t size)
{
	if (off)
		emit(cg->e, I_ALU64_IMM(BPF_ADD, dst_base, off));
	struct cg_arg args[] = { ARG_REG(dst_base), ARG_IMM(size), ARG_REG(src) };

	cg_call(cg, BPF_FUNC_probe_read_kernel_str, args, 3, false);
}

/*
 * Compare against a constant: unrolled, one byte at a time including the
 * constant's NUL.  Leaves 0 in r when equal, else nonzero; frees p.
 */
static void strcmp_const(struct cg *cg, int r, int p, const char *s, size_t len)
{
	int ne = emit_label_new(cg->e), done = emit_label_new(cg->e);
	int b = ra_alloc(cg);

	for (size_t i = 0; i <= len; i++) {
		emit(cg->e, I_LDX_MEM(BPF_B, b, p, (int16_t)i));
		emit_jmp_imm(cg->e, BPF_JNE, b, (unsigned char)s[i], ne);
	}
	emit(cg->e, I_MOV64_IMM(r, 0));
	emit_ja(cg->e, done);
	emit_label_place(cg->e, ne);
	emit(cg->e, I_MOV64_IMM(r, 1));
	emit_label_place(cg->e, done);
	ra_free(cg, b);
}

/*
 * General comparison: a loop over at most strsize bytes, from the sl_*
 * kit (cg_subr.h), with its index and result in scratch: a plain
 * bounded loop is walked once per iteration by the verifier, and a
 * clause with a dozen comparisons exceeded its jump history.  Bytes
 * compare unsigned, as DTrace's strcmp does.  Leaves in a the
 * difference of the first differing bytes (0 when equal) and frees b.
 */
static void strcmp_loop(struct cg *cg, int a, int b)
{
	uint32_t max = dopts_strbytes(cg->opts);
	uint32_t iv = sv_new(cg), rv = sv_new(cg);
	int i = ra_new(cg), x = ra_new(cg), y = ra_new(cg);
	int diff = emit_label_new(cg->e);
	struct sloop l;

	sv_st_imm(cg, iv, 0);
	sv_st_imm(cg, rv, 0);
	sl_begin(cg, &l, max);
	sv_ld(cg, i, iv);
	subr_bound(cg, i, max, l.out);
	emit(cg->e, I_MOV64_REG(x, a));
	emit(cg->e, I_ALU64_REG(BPF_ADD, x, i));
	emit(cg->e, I_LDX_MEM(BPF_B, x, x, 0));
	emit(cg->e, I_MOV64_REG(y, b));
	emit(cg->e, I_ALU64_REG(BPF_ADD, y, i));
	emit(cg->e, I_LDX_MEM(BPF_B, y, y, 0));
	emit_jmp_reg(cg->e, BPF_JNE, x, y, diff);
	emit_jmp_imm(cg->e, BPF_JEQ, x, 0, l.out);
	emit(cg->e, I_ALU64_IMM(BPF_ADD, i, 1));
	sv_st(cg, iv, i);
	sl_next(cg, &l);
	emit_label_place(cg->e, diff);
	emit(cg->e, I_ALU64_REG(BPF_SUB, x, y));
	sv_st(cg, rv, x);
	sl_end(cg, &l);
	sv_ld(cg, a, rv);
	ra_free(cg, i);
	ra_free(cg, x);
	ra_free(cg, y);
	ra_free(cg, b);
}

/*
 * NULL in a comparison, as DTrace for Linux orders it: below every
 * string, "" included, and equal only to itself.  p == constant c:
 * res is 0 when equal (p, c's value, may be NULL; p is kept).
 */
static void null_cmp_const(struct cg *cg, int res, int p, const struct node *c)
{
	int z = cg_str_null(cg), done = emit_label_new(cg->e);
	int notnull = emit_label_new(cg->e);

	emit_jmp_reg(cg->e, BPF_JNE, p, z, notnull);
	ra_free(cg, z);
	emit(cg->e, I_MOV64_IMM(res, c->is_null ? 0 : 1));
	emit_ja(cg->e, done);
	emit_label_place(cg->e, notnull);
	if (c->is_null)
		emit(cg->e, I_MOV64_IMM(res, 1));
	else
		strcmp_const(cg, res, p, c->sval, c->slen);
	emit_label_place(cg->e, done);
}

/* a = the order of a and b, either of which may be NULL; frees b */
static void null_cmp(struct cg *cg, int a, int b)
{
	int z = cg_str_null(cg), done = emit_label_new(cg->e);
	int a_ok = emit_label_new(cg->e), both = emit_label_new(cg->e);

	emit_jmp_reg(cg->e, BPF_JNE, a, z, a_ok);
	emit(cg->e, I_MOV64_IMM(a, 0));		/* NULL, NULL: equal */
	emit_jmp_reg(cg->e, BPF_JEQ, b, z, done);
	emit(cg->e, I_MOV64_IMM(a, -1));	/* NULL below a string */
	emit_ja(cg->e, done);
	emit_label_place(cg->e, a_ok);
	emit_jmp_reg(cg->e, BPF_JNE, b, z, both);
	emit(cg->e, I_MOV64_IMM(a, 1));
	emit_ja(cg->e, done);
	emit_label_place(cg->e, both);
	ra_free(cg, z);
	strcmp_loop(cg, a, b);
	emit_label_place(cg->e, done);
	ra_free(cg, b);
}

static int const_cmp_op(int op)
{
	return op == TK_EQ ? BPF_JEQ : BPF_JNE;
}

/*
 * The scratch a comparison's operands used (strjoin() results, copies)
 * is dead once it has its integer result: cg_operand gives it back, so
 * a chain of ?: over many comparisons fits (cg_reclaim.c).
 */
int cg_strcmp(struct cg *cg, struct node *n)
{
	struct node *l = n->lhs, *r = n->rhs;
	bool eqop = n->op == TK_EQ || n->op == TK_NE;

	if (eqop && (l->kind == NK_STRING || r->kind == NK_STRING)) {
		struct node *c = l->kind == NK_STRING ? l : r;
		struct node *v = c == l ? r : l;
		int p = cg_expr(cg, v);
		int res = ra_alloc(cg);

		if (c->is_null || cg_str_may_be_null(v))
			null_cmp_const(cg, res, p, c);
		else
			strcmp_const(cg, res, p, c->sval, c->slen);
		ra_free(cg, p);
		/* res is 0 when equal */
		emit(cg->e, I_JMP_IMM(const_cmp_op(n->op), res, 0, 2));
		emit(cg->e, I_MOV64_IMM(res, 0));
		emit(cg->e, I_JA(1));
		emit(cg->e, I_MOV64_IMM(res, 1));
		return res;
	}
	int a = cg_expr(cg, l), b = cg_expr(cg, r);

	if (cg_str_may_be_null(l) || cg_str_may_be_null(r))
		null_cmp(cg, a, b);
	else
		strcmp_loop(cg, a, b);
	int op;

	switch (n->op) {
	case TK_EQ: op = BPF_JEQ; break;
	case TK_NE: op = BPF_JNE; break;
	case TK_LT: op = BPF_JSLT; break;
	case TK_LE: op = BPF_JSLE; break;
	case TK_GT: op = BPF_JSGT; break;
	default:    op = BPF_JSGE; break;
	}
	emit(cg->e, I_JMP_IMM(op, a, 0, 2));
	emit(cg->e, I_MOV64_IMM(a, 0));
	emit(cg->e, I_JA(1));
	emit(cg->e, I_MOV64_IMM(a, 1));
	return a;
}
