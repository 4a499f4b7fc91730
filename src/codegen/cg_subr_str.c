/*
 * Code generation for the string subroutines: strlen, strjoin, substr,
 * index, rindex, strstr, strchr, strrchr, toupper, tolower, lltostr and
 * strtoll, with DTrace's results for every edge (negative substr
 * indexes, rindex's default start, lltostr's base prefixes ...).
 *
 * Each input string is first copied into scratch with
 * bpf_probe_read_kernel_str, which also gives its length, so the loops
 * below run over scratch at offsets the verifier can bound.  Results
 * are new scratch strings, or pointers into such a copy (whose buffer
 * is two strsize long, so strsize bytes are readable from any point in
 * its string).  Substring search is Knuth-Morris-Pratt: linear in the
 * lengths, and a single loop for the verifier.  A search that finds
 * nothing gives the NULL string (cg_strnull.c), as DTrace does.
 */
#include "cg_subr.h"

#include "../compile/lex.h"

static struct node *arg(const struct node *n, int i)
{
	struct node *a = n->args;

	while (i-- > 0 && a)
		a = a->next;
	return a;
}

static int nargs(const struct node *n)
{
	int k = 0;

	for (const struct node *a = n->args; a; a = a->next)
		k++;
	return k;
}

/* r = max(lo, min(r, hi)), signed */
static void clamp(struct cg *cg, int r, int32_t lo, int32_t hi)
{
	E(I_JMP_IMM(BPF_JSGE, r, lo, 1));
	E(I_MOV64_IMM(r, lo));
	E(I_JMP_IMM(BPF_JSLE, r, hi, 1));
	E(I_MOV64_IMM(r, hi));
}

static int subr_strlen(struct cg *cg, struct node *n)
{
	int len;

	str_in(cg, n->args, &len, 0);
	return len;
}

/* is n a strjoin() call? */
static bool is_strjoin(const struct node *n)
{
	return n->kind == NK_CALL && n->builtin == SUBR_STRJOIN;
}

/*
 * Append the string b to the one of length *lv (a stack value) in buf,
 * truncated to strsize characters, and update *lv.  The scratch b's
 * code used is given back: b is copied (cg_reclaim.c).
 */
static void join_append(struct cg *cg, uint32_t buf, uint32_t lv,
			struct node *bn)
{
	uint32_t ss = subr_strsize(cg);
	struct cg_scratch_mark m;

	cg_scratch_mark(cg, &m);
	int b = cg_expr(cg, bn);

	cg_str_null_check(cg, bn, b, false);
	int dst = ra_new(cg), size = ra_new(cg);

	sv_ld(cg, size, lv);
	clamp(cg, size, 0, (int32_t)ss - 1);
	E(I_MOV64_REG(dst, REG_DCTX));
	E(I_ALU64_REG(BPF_ADD, dst, size));
	E(I_ALU64_IMM(BPF_ADD, dst, SOFF(buf)));
	/* ss - size as a subtraction from a constant: older verifiers
	 * (Linux 6.1's) forget the bounds of a negated register */
	int rest = ra_new(cg);

	E(I_MOV64_IMM(rest, (int32_t)ss));
	E(I_ALU64_REG(BPF_SUB, rest, size));
	struct cg_arg args[] = { ARG_REG(dst), ARG_REG(rest), ARG_REG(b) };
	int r = cg_call(cg, BPF_FUNC_probe_read_kernel_str, args, 3, true);

	/* the new length: size + r - 1, or size where nothing was copied
	 * (the helper zeroes what it could not read) */
	E(I_JMP_IMM(BPF_JSLE, r, 0, 1));
	E(I_ALU64_IMM(BPF_SUB, r, 1));
	E(I_JMP_IMM(BPF_JSGE, r, 0, 1));
	E(I_MOV64_IMM(r, 0));
	E(I_ALU64_REG(BPF_ADD, r, size));
	sv_st(cg, lv, r);
	ra_free(cg, r);
	ra_free(cg, size);
	cg_scratch_reclaim(cg, &m, bn);
}

/*
 * strjoin(a, b): b copied after a, truncated to strsize characters.
 * Truncation to a length is associative, so strjoin(a, strjoin(b, c))
 * is a, b and c appended in turn to one buffer, as strjoin(strjoin(a,
 * b), c) is through the buffer str_in() lends its first argument: a
 * nest of strjoin()s, on either side, needs the scratch of one.
 */
static int subr_strjoin(struct cg *cg, struct node *n)
{
	uint32_t ss = subr_strsize(cg);
	int len;
	uint32_t buf = str_in(cg, arg(n, 0), &len, ss);
	uint32_t lv = sv_new(cg);
	struct node *b = arg(n, 1);

	sv_st(cg, lv, len);
	ra_free(cg, len);
	for (; is_strjoin(b); b = arg(b, 1))
		join_append(cg, buf, lv, arg(b, 0));
	join_append(cg, buf, lv, b);
	return subr_result(cg, buf, 2 * ss);
}

/*
 * substr(s, index[, length]), as DTrace computes it: a negative index
 * counts from the end (and a start before the beginning shortens the
 * result), a negative length leaves that many bytes off the end.
 */
static int subr_substr(struct cg *cg, struct node *n)
{
	uint32_t ss = subr_strsize(cg);
	int len;
	/* the result is copied from further into the buffer of s to its
	 * start (forwards), so that buffer, which str_in() may take from
	 * the caller's, is all the call keeps (cg_subr.c) */
	uint32_t in = str_in(cg, arg(n, 0), &len, 0), out = in;
	int idx = cg_expr(cg, arg(n, 1));
	int rem, t = ra_new(cg);
	int l_pos = emit_label_new(cg->e), l_empty = emit_label_new(cg->e);
	int l_fit = emit_label_new(cg->e), l_copy = emit_label_new(cg->e);

	if (nargs(n) > 2) {
		rem = cg_expr(cg, arg(n, 2));
	} else {
		rem = ra_new(cg);
		E(I_MOV64_IMM(rem, (int32_t)ss));
	}
	/* if (idx < 0) { idx += len; if (idx < 0 && idx + rem > 0) ... } */
	emit_jmp_imm(cg->e, BPF_JSGE, idx, 0, l_pos);
	E(I_ALU64_REG(BPF_ADD, idx, len));
	emit_jmp_imm(cg->e, BPF_JSGE, idx, 0, l_pos);
	E(I_MOV64_REG(t, idx));
	E(I_ALU64_REG(BPF_ADD, t, rem));
	emit_jmp_imm(cg->e, BPF_JSLE, t, 0, l_pos);
	E(I_MOV64_REG(rem, t));
	E(I_MOV64_IMM(idx, 0));
	emit_label_place(cg->e, l_pos);
	/* idx >= len (as unsigned: a negative idx too): nothing */
	emit_jmp_reg(cg->e, BPF_JGE, idx, len, l_empty);
	emit_jmp_imm(cg->e, BPF_JSGE, rem, 0, l_fit);
	E(I_ALU64_REG(BPF_ADD, rem, len));
	E(I_ALU64_REG(BPF_SUB, rem, idx));
	emit_label_place(cg->e, l_fit);
	/* the copy stops at the string's end anyway: rem <= len - idx */
	E(I_MOV64_REG(t, len));
	E(I_ALU64_REG(BPF_SUB, t, idx));
	emit_jmp_reg(cg->e, BPF_JSLE, rem, t, l_copy);
	E(I_MOV64_REG(rem, t));
	emit_ja(cg->e, l_copy);
	emit_label_place(cg->e, l_empty);
	E(I_MOV64_IMM(rem, 0));
	E(I_MOV64_IMM(idx, 0));
	emit_label_place(cg->e, l_copy);
	ra_free(cg, len);
	ra_free(cg, t);
	clamp(cg, rem, 0, (int32_t)ss - 1);
	E(I_ALU64_IMM(BPF_ADD, rem, 1));
	clamp(cg, idx, 0, (int32_t)ss - 1);
	E(I_ALU64_REG(BPF_ADD, idx, REG_DCTX));
	E(I_ALU64_IMM(BPF_ADD, idx, SOFF(in)));
	struct cg_arg args[] = { ARG_DCTX(out), ARG_REG(rem), ARG_REG(idx) };

	cg_call(cg, BPF_FUNC_probe_read_kernel_str, args, 3, false);
	return subr_result(cg, out, ss);
}

/*
 * s + i, i + s, s - i: D treats a string as a pointer to its characters
 * (the additive operators only), so the result is s from its i-th byte.
 * DTrace reads wherever that points; here the offset is kept within
 * the string (past its end: "", before its start: all of it), as a
 * pointer into a copy of s with strsize bytes to spare after it.
 */
int cg_str_offset(struct cg *cg, struct node *n)
{
	uint32_t ss = subr_strsize(cg);
	bool left = type_is_string(n->lhs->type);
	int len;
	uint32_t buf = str_in(cg, left ? n->lhs : n->rhs, &len, ss);
	uint32_t lv = sv_new(cg);

	sv_st(cg, lv, len);
	ra_free(cg, len);
	int i = cg_expr(cg, left ? n->rhs : n->lhs), l = ra_new(cg);

	if (n->op == TK_MINUS)
		E(I_NEG64(i));
	sv_ld(cg, l, lv);
	E(I_JMP_IMM(BPF_JSGE, i, 0, 1));
	E(I_MOV64_IMM(i, 0));
	E(I_JMP_REG(BPF_JSLE, i, l, 1));
	E(I_MOV64_REG(i, l));
	ra_free(cg, l);
	clamp(cg, i, 0, (int32_t)ss - 1);	/* the verifier's bound */
	E(I_ALU64_REG(BPF_ADD, i, REG_DCTX));
	E(I_ALU64_IMM(BPF_ADD, i, SOFF(buf)));
	return i;
}

/*
 * Rewrite the first len bytes of scratch buffer buf in place, one byte
 * at a time: upper or lower case for toupper()/tolower(), or NULs into
 * spaces for execargs (cg_bvar.c).  len is freed.
 */
void subr_map_bytes(struct cg *cg, uint32_t buf, int len, enum byte_map how)
{
	uint32_t ss = subr_strsize(cg);
	uint32_t iv = sv_new(cg);
	struct sloop l;
	int i = ra_new(cg), c = ra_new(cg), t = ra_new(cg);
	int next = emit_label_new(cg->e);

	sv_st_imm(cg, iv, 0);
	sl_begin(cg, &l, ss);
	sv_ld(cg, i, iv);
	emit_jmp_reg(cg->e, BPF_JGE, i, len, l.out);
	subr_bound(cg, i, ss, l.out);
	E(I_ALU64_IMM(BPF_ADD, i, 1));
	sv_st(cg, iv, i);
	E(I_ALU64_IMM(BPF_SUB, i, 1));
	sb_ld(cg, c, buf, i);
	if (how == BM_NUL_SPACE) {
		emit_jmp_imm(cg->e, BPF_JNE, c, 0, next);
		E(I_MOV64_IMM(c, ' '));
	} else {
		emit_jmp_imm(cg->e, BPF_JLT, c, how == BM_UPPER ? 'a' : 'A', next);
		emit_jmp_imm(cg->e, BPF_JGT, c, how == BM_UPPER ? 'z' : 'Z', next);
		E(I_ALU64_IMM(BPF_XOR, c, 0x20));
	}
	sb_st(cg, buf, i, c, t);
	emit_label_place(cg->e, next);
	sl_next(cg, &l);
	sl_end(cg, &l);
	ra_free(cg, i);
	ra_free(cg, c);
	ra_free(cg, t);
	ra_free(cg, len);
}

/* toupper(s), tolower(s) */
static int subr_case(struct cg *cg, struct node *n, bool upper)
{
	int len;
	uint32_t buf = str_in(cg, n->args, &len, 0);

	subr_map_bytes(cg, buf, len, upper ? BM_UPPER : BM_LOWER);
	return subr_result(cg, buf, subr_strsize(cg));
}

/*
 * The string result of a search: buf + r in scratch when r < ss, else
 * (and at label `none`, which earlier code may jump to) the NULL
 * string.  Both paths leave the pointer in r, which stays allocated.
 */
static int ptr_or_null(struct cg *cg, int r, uint32_t ss, uint32_t buf,
			int none, int done)
{
	subr_bound(cg, r, ss, none);
	E(I_ALU64_REG(BPF_ADD, r, REG_DCTX));
	E(I_ALU64_IMM(BPF_ADD, r, SOFF(buf)));
	emit_ja(cg->e, done);
	emit_label_place(cg->e, none);
	ra_free(cg, r);
	int e = cg_str_null(cg);

	if (e != r)
		E(I_MOV64_REG(r, e));
	ra_free(cg, e);
	cg->busy |= 1u << r;
	emit_label_place(cg->e, done);
	return r;
}

/*
 * strchr(s, c), strrchr(s, c): the rest of s from the first (last) c;
 * c may be the NUL, which matches s's end.
 */
static int subr_strchr(struct cg *cg, struct node *n, bool last)
{
	uint32_t ss = subr_strsize(cg);
	int len;
	uint32_t buf = str_in(cg, arg(n, 0), &len, ss);
	uint32_t iv = sv_new(cg), fv = sv_new(cg);
	int ch = cg_expr(cg, arg(n, 1));
	struct sloop l;
	int i = ra_new(cg), c = ra_new(cg);
	int next = emit_label_new(cg->e), none = emit_label_new(cg->e);
	int done = emit_label_new(cg->e);

	E(I_ALU64_IMM(BPF_AND, ch, 0xff));
	sv_st_imm(cg, iv, 0);
	sv_st_imm(cg, fv, -1);
	sl_begin(cg, &l, ss + 1);
	sv_ld(cg, i, iv);
	emit_jmp_reg(cg->e, BPF_JGT, i, len, l.out);
	subr_bound(cg, i, ss, l.out);
	sb_ld(cg, c, buf, i);
	emit_jmp_reg(cg->e, BPF_JNE, c, ch, next);
	sv_st(cg, fv, i);
	if (!last)
		emit_ja(cg->e, l.out);
	emit_label_place(cg->e, next);
	E(I_ALU64_IMM(BPF_ADD, i, 1));
	sv_st(cg, iv, i);
	sl_next(cg, &l);
	sl_end(cg, &l);
	ra_free(cg, ch);
	ra_free(cg, len);
	ra_free(cg, c);
	sv_ld(cg, i, fv);
	subr_keep(cg, buf, 2 * ss);
	return ptr_or_null(cg, i, ss, buf, none, done);
}

/*
 * The KMP failure table of the string in t (length m): f[k] (16 bits)
 * is the length of the longest proper border of t[0..k].
 */
static void kmp_table(struct cg *cg, uint32_t t, int m, uint32_t f)
{
	uint32_t ss = subr_strsize(cg);
	uint32_t iv = sv_new(cg), kv = sv_new(cg);
	struct sloop l;
	int i = ra_new(cg), k = ra_new(cg), a = ra_new(cg);
	int b = ra_new(cg);
	int mis = emit_label_new(cg->e), zero = emit_label_new(cg->e);

	E(I_ST_MEM(BPF_H, REG_DCTX, SOFF(f), 0));
	sv_st_imm(cg, iv, 1);
	sv_st_imm(cg, kv, 0);
	sl_begin(cg, &l, 2 * ss);
	sv_ld(cg, i, iv);
	sv_ld(cg, k, kv);
	emit_jmp_reg(cg->e, BPF_JGE, i, m, l.out);
	subr_bound(cg, i, ss, l.out);
	subr_bound(cg, k, ss, l.out);
	sb_ld(cg, a, t, i);
	sb_ld(cg, b, t, k);
	emit_jmp_reg(cg->e, BPF_JNE, a, b, mis);
	/* f[i] = ++k; i++ */
	E(I_ALU64_IMM(BPF_ADD, k, 1));
	sv_st(cg, kv, k);
	E(I_MOV64_REG(a, REG_DCTX));
	E(I_ALU64_REG(BPF_ADD, a, i));
	E(I_ALU64_REG(BPF_ADD, a, i));
	E(I_STX_MEM(BPF_H, a, k, SOFF(f)));
	E(I_ALU64_IMM(BPF_ADD, i, 1));
	sv_st(cg, iv, i);
	sl_next(cg, &l);
	emit_label_place(cg->e, mis);
	emit_jmp_imm(cg->e, BPF_JEQ, k, 0, zero);
	/* k = f[k - 1] */
	E(I_MOV64_REG(a, REG_DCTX));
	E(I_ALU64_REG(BPF_ADD, a, k));
	E(I_ALU64_REG(BPF_ADD, a, k));
	E(I_LDX_MEM(BPF_H, a, a, SOFF(f) - 2));
	sv_st(cg, kv, a);
	sl_next(cg, &l);
	emit_label_place(cg->e, zero);
	E(I_MOV64_REG(a, REG_DCTX));
	E(I_ALU64_REG(BPF_ADD, a, i));
	E(I_ALU64_REG(BPF_ADD, a, i));
	E(I_ST_MEM(BPF_H, a, SOFF(f), 0));
	E(I_ALU64_IMM(BPF_ADD, i, 1));
	sv_st(cg, iv, i);
	sl_next(cg, &l);
	sl_end(cg, &l);
	ra_free(cg, i);
	ra_free(cg, k);
	ra_free(cg, a);
	ra_free(cg, b);
}

/*
 * Search t (length m) in h (length hl) from index sv's value with KMP;
 * the first match at or after it (last: the last match starting at or
 * before limit, scanning from sv) in rv, or -1.  m is not 0.
 */
static void kmp_search(struct cg *cg, uint32_t h, int hl, uint32_t t, int m,
		       uint32_t f, uint32_t sv, uint32_t rv, bool last,
		       uint32_t limv)
{
	uint32_t ss = subr_strsize(cg);
	uint32_t kv = sv_new(cg);
	struct sloop l;
	int i = ra_new(cg), k = ra_new(cg), a = ra_new(cg);
	int b = ra_new(cg);
	int mis = emit_label_new(cg->e), match = emit_label_new(cg->e);
	int adv = emit_label_new(cg->e);

	sv_st_imm(cg, rv, -1);
	sv_st_imm(cg, kv, 0);
	sl_begin(cg, &l, 3 * ss + 2);
	sv_ld(cg, i, sv);
	sv_ld(cg, k, kv);
	emit_jmp_reg(cg->e, BPF_JGE, k, m, match);
	emit_jmp_reg(cg->e, BPF_JGE, i, hl, l.out);
	subr_bound(cg, i, ss, l.out);
	subr_bound(cg, k, ss, l.out);
	sb_ld(cg, a, h, i);
	sb_ld(cg, b, t, k);
	emit_jmp_reg(cg->e, BPF_JNE, a, b, mis);
	E(I_ALU64_IMM(BPF_ADD, k, 1));
	sv_st(cg, kv, k);
	emit_label_place(cg->e, adv);
	E(I_ALU64_IMM(BPF_ADD, i, 1));
	sv_st(cg, sv, i);
	sl_next(cg, &l);
	emit_label_place(cg->e, mis);
	emit_jmp_imm(cg->e, BPF_JEQ, k, 0, adv);
	subr_bound(cg, k, ss, l.out);
	E(I_MOV64_REG(a, REG_DCTX));
	E(I_ALU64_REG(BPF_ADD, a, k));
	E(I_ALU64_REG(BPF_ADD, a, k));
	E(I_LDX_MEM(BPF_H, a, a, SOFF(f) - 2));
	sv_st(cg, kv, a);
	sl_next(cg, &l);
	/* a match ends before i: it starts at i - m */
	emit_label_place(cg->e, match);
	E(I_ALU64_REG(BPF_SUB, i, m));
	if (!last) {
		sv_st(cg, rv, i);
		emit_ja(cg->e, l.out);
	} else {
		sv_ld(cg, a, limv);
		emit_jmp_reg(cg->e, BPF_JSGT, i, a, l.out);
		sv_st(cg, rv, i);
		/* go on from the longest border of the match */
		subr_bound(cg, k, ss + 1, l.out);
		emit_jmp_imm(cg->e, BPF_JEQ, k, 0, l.out);
		E(I_MOV64_REG(a, REG_DCTX));
		E(I_ALU64_REG(BPF_ADD, a, k));
		E(I_ALU64_REG(BPF_ADD, a, k));
		E(I_LDX_MEM(BPF_H, a, a, SOFF(f) - 2));
		sv_st(cg, kv, a);
		sl_next(cg, &l);
	}
	sl_end(cg, &l);
	ra_free(cg, i);
	ra_free(cg, k);
	ra_free(cg, a);
	ra_free(cg, b);
}

/*
 * index(s, t[, start]), rindex(s, t[, start]) and strstr(s, t).
 * index: the first t at or after start (negative: 0).  rindex: the last
 * t starting at or before start (default and at most len(s) - len(t);
 * negative: none).  An empty t is found at the start, as in DTrace,
 * which keeps Perl's answers for it: at len(s) for an index() start
 * past the end, at 0 for a negative rindex() start.
 */
static int subr_search(struct cg *cg, struct node *n, enum subr_id id)
{
	uint32_t ss = subr_strsize(cg);
	int hl, m;
	uint32_t h = str_in(cg, arg(n, 0), &hl,
			    id == SUBR_STRSTR ? ss : 0);
	uint32_t t = str_in(cg, arg(n, 1), &m, 0);
	uint32_t f = cg_scratch(cg, 2 * ss);
	uint32_t sv = sv_new(cg), rv = sv_new(cg), limv = sv_new(cg);
	bool last = id == SUBR_RINDEX;
	int st = ra_new(cg), r;
	int none = emit_label_new(cg->e), done = emit_label_new(cg->e);
	int search = emit_label_new(cg->e);

	uint32_t startv = sv_new(cg);

	if (nargs(n) > 2) {
		int x = cg_expr(cg, arg(n, 2));

		E(I_MOV64_REG(st, x));
		ra_free(cg, x);
		sv_st(cg, startv, st);
	} else if (last) {
		E(I_MOV64_REG(st, hl));
		E(I_ALU64_REG(BPF_SUB, st, m));
	} else {
		E(I_MOV64_IMM(st, 0));
	}
	sv_st_imm(cg, rv, -1);
	if (last) {
		int nonneg = emit_label_new(cg->e);

		/* a negative start finds only an empty t, at 0 (Perl's) */
		emit_jmp_imm(cg->e, BPF_JSGE, st, 0, nonneg);
		emit_jmp_imm(cg->e, BPF_JNE, m, 0, done);
		sv_st_imm(cg, rv, 0);
		emit_ja(cg->e, done);
		emit_label_place(cg->e, nonneg);
		/* limit = min(start, len - sublen); scan from 0 */
		E(I_MOV64_REG(st, hl));
		E(I_ALU64_REG(BPF_SUB, st, m));
		emit_jmp_imm(cg->e, BPF_JSLT, st, 0, done);
		sv_st(cg, limv, st);
		if (nargs(n) > 2) {
			int x = ra_new(cg);

			sv_ld(cg, x, startv);
			emit_jmp_reg(cg->e, BPF_JSGE, x, st, search);
			sv_st(cg, limv, x);
			ra_free(cg, x);
		}
		emit_label_place(cg->e, search);
		sv_st_imm(cg, sv, 0);
		/* an empty t: found at the limit */
		emit_jmp_imm(cg->e, BPF_JNE, m, 0, none);
		sv_ld(cg, st, limv);
		sv_st(cg, rv, st);
		emit_ja(cg->e, done);
	} else {
		int in_range = emit_label_new(cg->e);

		E(I_JMP_IMM(BPF_JSGE, st, 0, 1));
		E(I_MOV64_IMM(st, 0));
		/* past the end only an empty t is found, at len(s) */
		emit_jmp_reg(cg->e, BPF_JLE, st, hl, in_range);
		emit_jmp_imm(cg->e, BPF_JNE, m, 0, done);
		E(I_MOV64_REG(st, hl));
		emit_label_place(cg->e, in_range);
		sv_st(cg, sv, st);
		emit_jmp_imm(cg->e, BPF_JNE, m, 0, none);
		sv_st(cg, rv, st);
		emit_ja(cg->e, done);
	}
	/* "none" here labels the non-empty search */
	emit_label_place(cg->e, none);
	ra_free(cg, st);
	kmp_table(cg, t, m, f);
	kmp_search(cg, h, hl, t, m, f, sv, rv, last, limv);
	emit_label_place(cg->e, done);
	ra_free(cg, hl);
	ra_free(cg, m);
	r = ra_new(cg);
	sv_ld(cg, r, rv);
	if (id != SUBR_STRSTR) {
		/* an int */
		E(I_MOV32_REG(r, r));
		E(I_ALU64_IMM(BPF_LSH, r, 32));
		E(I_ALU64_IMM(BPF_ARSH, r, 32));
		return r;
	}
	int nf = emit_label_new(cg->e), out = emit_label_new(cg->e);

	subr_keep(cg, h, 2 * ss);
	return ptr_or_null(cg, r, ss, h, nf, out);
}

/* put the character in c at the position in pv (moving back) of buf */
static void put_back(struct cg *cg, uint32_t buf, uint32_t size, uint32_t pv,
		     int c, int bad)
{
	int p = ra_new(cg), t = ra_new(cg);

	sv_ld(cg, p, pv);
	subr_bound(cg, p, size, bad);
	sb_st(cg, buf, p, c, t);
	E(I_ALU64_IMM(BPF_SUB, p, 1));
	sv_st(cg, pv, p);
	ra_free(cg, p);
	ra_free(cg, t);
}

static void put_back_imm(struct cg *cg, uint32_t buf, uint32_t size,
			 uint32_t pv, char ch, int bad)
{
	int c = ra_new(cg);

	E(I_MOV64_IMM(c, ch));
	put_back(cg, buf, size, pv, c, bad);
	ra_free(cg, c);
}

/*
 * The optional base argument (#2) of lltostr() and strtoll() into reg:
 * 10 when absent; outside 2..36 an illegal-operation fault, as DTrace's.
 */
static void base_arg(struct cg *cg, struct node *n, int reg, int bad, int ok)
{
	if (nargs(n) > 1) {
		int x = cg_expr(cg, arg(n, 1));

		E(I_MOV64_REG(reg, x));
		ra_free(cg, x);
		emit_jmp_imm(cg->e, BPF_JSLE, reg, 1, bad);
		emit_jmp_imm(cg->e, BPF_JSLE, reg, 36, ok);
		emit_label_place(cg->e, bad);
		cg_fault(cg, DFLT_ILLOP, -1);
		emit_label_place(cg->e, ok);
	} else {
		E(I_MOV64_IMM(reg, 10));
	}
}

/*
 * lltostr(x[, base]): digits written backwards; base 10 is signed,
 * others unsigned; hexadecimal has a "0x" prefix and octal a "0".  A
 * base outside 2 .. 36 is an illegal operation, as in DTrace.
 */
static int subr_lltostr(struct cg *cg, struct node *n)
{
	uint32_t ss = subr_strsize(cg), size = 72;
	uint32_t out = subr_out(cg, ss), buf = cg_scratch(cg, size);
	uint32_t xv = sv_new(cg), vv = sv_new(cg), pv = sv_new(cg);
	uint32_t bv = sv_new(cg);
	int x = cg_expr(cg, arg(n, 0)), base = ra_new(cg);
	int bad = emit_label_new(cg->e), ok = emit_label_new(cg->e);
	struct sloop l;

	sv_st(cg, xv, x);
	base_arg(cg, n, base, bad, ok);
	sv_st(cg, bv, base);
	/* the magnitude, for a negative number in base 10 */
	int pos = emit_label_new(cg->e);

	emit_jmp_imm(cg->e, BPF_JNE, base, 10, pos);
	emit_jmp_imm(cg->e, BPF_JSGE, x, 0, pos);
	E(I_NEG64(x));
	emit_label_place(cg->e, pos);
	sv_st(cg, vv, x);
	E(I_ST_MEM(BPF_B, REG_DCTX, SOFF(buf + size - 1), 0));
	sv_st_imm(cg, pv, (int32_t)size - 2);
	ra_free(cg, x);
	ra_free(cg, base);

	int v = ra_new(cg), d = ra_new(cg), b = ra_new(cg);
	int dec = emit_label_new(cg->e);

	sl_begin(cg, &l, 65);
	sv_ld(cg, v, vv);
	emit_jmp_imm(cg->e, BPF_JEQ, v, 0, l.out);
	sv_ld(cg, b, bv);
	emit_jmp_imm(cg->e, BPF_JEQ, b, 0, l.out);
	E(I_MOV64_REG(d, v));
	E(I_ALU64_REG(BPF_MOD, d, b));
	E(I_ALU64_REG(BPF_DIV, v, b));
	sv_st(cg, vv, v);
	E(I_ALU64_IMM(BPF_ADD, d, '0'));
	emit_jmp_imm(cg->e, BPF_JLE, d, '9', dec);
	E(I_ALU64_IMM(BPF_ADD, d, 'a' - '0' - 10));
	emit_label_place(cg->e, dec);
	put_back(cg, buf, size, pv, d, l.out);
	sl_next(cg, &l);
	sl_end(cg, &l);
	ra_free(cg, v);
	ra_free(cg, d);

	/* the prefixes: 0x for hex, 0 for octal and for zero, - */
	int xr = ra_new(cg);
	int l1 = emit_label_new(cg->e), l2 = emit_label_new(cg->e);
	int l3 = emit_label_new(cg->e), l4 = emit_label_new(cg->e);
	int l5 = emit_label_new(cg->e), fin = emit_label_new(cg->e);

	sv_ld(cg, xr, xv);
	sv_ld(cg, b, bv);
	emit_jmp_imm(cg->e, BPF_JNE, b, 16, l2);
	emit_jmp_imm(cg->e, BPF_JNE, xr, 0, l1);
	put_back_imm(cg, buf, size, pv, '0', fin);
	emit_label_place(cg->e, l1);
	put_back_imm(cg, buf, size, pv, 'x', fin);
	emit_ja(cg->e, l3);
	emit_label_place(cg->e, l2);
	emit_jmp_imm(cg->e, BPF_JEQ, b, 8, l3);
	emit_jmp_imm(cg->e, BPF_JNE, xr, 0, l4);
	emit_label_place(cg->e, l3);
	put_back_imm(cg, buf, size, pv, '0', fin);
	emit_label_place(cg->e, l4);
	emit_jmp_imm(cg->e, BPF_JNE, b, 10, l5);
	emit_jmp_imm(cg->e, BPF_JSGE, xr, 0, l5);
	put_back_imm(cg, buf, size, pv, '-', fin);
	emit_label_place(cg->e, l5);
	emit_label_place(cg->e, fin);
	ra_free(cg, b);
	sv_ld(cg, xr, pv);
	E(I_ALU64_IMM(BPF_ADD, xr, 1));
	clamp(cg, xr, 0, (int32_t)size - 1);
	E(I_ALU64_REG(BPF_ADD, xr, REG_DCTX));
	E(I_ALU64_IMM(BPF_ADD, xr, SOFF(buf)));
	struct cg_arg args[] = { ARG_DCTX(out), ARG_IMM(ss), ARG_REG(xr) };

	cg_call(cg, BPF_FUNC_probe_read_kernel_str, args, 3, false);
	return subr_result(cg, out, ss);
}

/* c (a byte) to its digit value in c, or 99 if it is no digit */
static void digit_value(struct cg *cg, int c)
{
	int lower = emit_label_new(cg->e), upper = emit_label_new(cg->e);
	int no = emit_label_new(cg->e), done = emit_label_new(cg->e);

	emit_jmp_imm(cg->e, BPF_JLT, c, '0', no);
	emit_jmp_imm(cg->e, BPF_JGT, c, '9', upper);
	E(I_ALU64_IMM(BPF_SUB, c, '0'));
	emit_ja(cg->e, done);
	emit_label_place(cg->e, upper);
	emit_jmp_imm(cg->e, BPF_JLT, c, 'A', no);
	emit_jmp_imm(cg->e, BPF_JGT, c, 'Z', lower);
	E(I_ALU64_IMM(BPF_SUB, c, 'A' - 10));
	emit_ja(cg->e, done);
	emit_label_place(cg->e, lower);
	emit_jmp_imm(cg->e, BPF_JLT, c, 'a', no);
	emit_jmp_imm(cg->e, BPF_JGT, c, 'z', no);
	E(I_ALU64_IMM(BPF_SUB, c, 'a' - 10));
	emit_ja(cg->e, done);
	emit_label_place(cg->e, no);
	E(I_MOV64_IMM(c, 99));
	emit_label_place(cg->e, done);
}

/*
 * strtoll(s[, base]) as DTrace's: leading blanks and tabs, a sign, a
 * "0x" before a hex digit in base 16, then digits while they are below
 * the base.  A base outside 2 .. 36 is an illegal operation.
 */
static int subr_strtoll(struct cg *cg, struct node *n)
{
	uint32_t ss = subr_strsize(cg);
	int len;
	uint32_t s = str_in(cg, arg(n, 0), &len, 8);
	uint32_t pv = sv_new(cg), vv = sv_new(cg), bv = sv_new(cg);
	uint32_t negv = sv_new(cg);
	int b = ra_new(cg), p = ra_new(cg), c = ra_new(cg);
	int bad = emit_label_new(cg->e), ok = emit_label_new(cg->e);
	struct sloop l;

	ra_free(cg, len);
	base_arg(cg, n, b, bad, ok);
	sv_st(cg, bv, b);
	sv_st_imm(cg, pv, 0);
	sv_st_imm(cg, vv, 0);
	sv_st_imm(cg, negv, 0);
	/* blanks */
	sl_begin(cg, &l, ss);
	sv_ld(cg, p, pv);
	subr_bound(cg, p, ss, l.out);
	sb_ld(cg, c, s, p);
	int blank = emit_label_new(cg->e);

	emit_jmp_imm(cg->e, BPF_JEQ, c, ' ', blank);
	emit_jmp_imm(cg->e, BPF_JNE, c, '\t', l.out);
	emit_label_place(cg->e, blank);
	E(I_ALU64_IMM(BPF_ADD, p, 1));
	sv_st(cg, pv, p);
	sl_next(cg, &l);
	sl_end(cg, &l);
	/* the sign, then 0x in base 16 */
	int nosign = emit_label_new(cg->e), plus = emit_label_new(cg->e);
	int nohex = emit_label_new(cg->e), x = emit_label_new(cg->e);

	sv_ld(cg, p, pv);
	subr_bound(cg, p, ss, nohex);
	sb_ld(cg, c, s, p);
	emit_jmp_imm(cg->e, BPF_JEQ, c, '+', plus);
	emit_jmp_imm(cg->e, BPF_JNE, c, '-', nosign);
	sv_st_imm(cg, negv, 1);
	emit_label_place(cg->e, plus);
	E(I_ALU64_IMM(BPF_ADD, p, 1));
	sv_st(cg, pv, p);
	emit_label_place(cg->e, nosign);
	sv_ld(cg, b, bv);
	emit_jmp_imm(cg->e, BPF_JNE, b, 16, nohex);
	subr_bound(cg, p, ss, nohex);
	sb_ld(cg, c, s, p);
	emit_jmp_imm(cg->e, BPF_JNE, c, '0', nohex);
	E(I_ALU64_IMM(BPF_ADD, p, 1));
	sb_ld(cg, c, s, p);
	emit_jmp_imm(cg->e, BPF_JEQ, c, 'x', x);
	emit_jmp_imm(cg->e, BPF_JNE, c, 'X', nohex);
	emit_label_place(cg->e, x);
	E(I_ALU64_IMM(BPF_ADD, p, 1));
	sb_ld(cg, c, s, p);
	digit_value(cg, c);
	emit_jmp_imm(cg->e, BPF_JGE, c, 16, nohex);
	sv_st(cg, pv, p);
	emit_label_place(cg->e, nohex);
	/* digits */
	int v = ra_new(cg);

	sl_begin(cg, &l, ss);
	sv_ld(cg, p, pv);
	subr_bound(cg, p, ss, l.out);
	sb_ld(cg, c, s, p);
	digit_value(cg, c);
	sv_ld(cg, b, bv);
	emit_jmp_reg(cg->e, BPF_JGE, c, b, l.out);
	sv_ld(cg, v, vv);
	E(I_ALU64_REG(BPF_MUL, v, b));
	E(I_ALU64_REG(BPF_ADD, v, c));
	sv_st(cg, vv, v);
	E(I_ALU64_IMM(BPF_ADD, p, 1));
	sv_st(cg, pv, p);
	sl_next(cg, &l);
	sl_end(cg, &l);
	ra_free(cg, b);
	ra_free(cg, p);
	sv_ld(cg, v, vv);
	sv_ld(cg, c, negv);
	E(I_JMP_IMM(BPF_JEQ, c, 0, 1));
	E(I_NEG64(v));
	ra_free(cg, c);
	return v;
}

int cg_subr_str(struct cg *cg, struct node *n)
{
	switch (n->builtin) {
	case SUBR_STRLEN:
		return subr_strlen(cg, n);
	case SUBR_STRJOIN:
		return subr_strjoin(cg, n);
	case SUBR_SUBSTR:
		return subr_substr(cg, n);
	case SUBR_TOUPPER: case SUBR_TOLOWER:
		return subr_case(cg, n, n->builtin == SUBR_TOUPPER);
	case SUBR_STRCHR: case SUBR_STRRCHR:
		return subr_strchr(cg, n, n->builtin == SUBR_STRRCHR);
	case SUBR_INDEX: case SUBR_RINDEX: case SUBR_STRSTR:
		return subr_search(cg, n, (enum subr_id)n->builtin);
	case SUBR_LLTOSTR:
		return subr_lltostr(cg, n);
	case SUBR_STRTOLL:
		return subr_strtoll(cg, n);
	default:
		return cg_fail(cg, n, "%s( ) is not supported yet", n->name), R8;
	}
}
