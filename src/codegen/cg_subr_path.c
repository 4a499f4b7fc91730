/*
 * Code generation for basename, dirname, cleanpath and strtok, each a
 * walk over a scratch copy of the string as DTrace's (see
 * cg_subr.h for how the loops keep the verifier's work small).
 *
 * strtok's state (the string being tokenised and the position in it)
 * lives, as DTrace's, for the whole probe firing: cg_strtok_reserve puts
 * it at the top of the this-> area, which every firing clears, so
 * strtok(NULL, ...) goes on from the last strtok of any earlier clause
 * of the firing and gives NULL when there is no string or no token
 * left.  A strtok the scan does not see (none is expected) falls back
 * to state in the clause's own scratch.
 */
#include <string.h>

#include "cg_subr.h"

static struct node *arg(const struct node *n, int i)
{
	struct node *a = n->args;

	while (i-- > 0 && a)
		a = a->next;
	return a;
}

/*
 * Step the index in iv back while the byte there is (want_slash) or is
 * not a slash; it ends at the first byte that is not, or at -1.
 */
static void back_while(struct cg *cg, uint32_t buf, uint32_t iv,
		       bool slash)
{
	uint32_t ss = subr_strsize(cg);
	struct sloop l;
	int i = ra_new(cg), c = ra_new(cg);

	sl_begin(cg, &l, ss + 1);
	sv_ld(cg, i, iv);
	emit_jmp_imm(cg->e, BPF_JSLT, i, 0, l.out);
	subr_bound(cg, i, ss, l.out);
	sb_ld(cg, c, buf, i);
	emit_jmp_imm(cg->e, slash ? BPF_JNE : BPF_JEQ, c, '/', l.out);
	E(I_ALU64_IMM(BPF_SUB, i, 1));
	sv_st(cg, iv, i);
	sl_next(cg, &l);
	sl_end(cg, &l);
	ra_free(cg, i);
	ra_free(cg, c);
}

/* *v = index in iv (+ add) if that index is not negative */
static void set_if_found(struct cg *cg, uint32_t iv, uint32_t v, int add)
{
	int i = ra_new(cg);

	sv_ld(cg, i, iv);
	E(I_JMP_IMM(BPF_JSLT, i, 0, add ? 2 : 1));
	if (add)
		E(I_ALU64_IMM(BPF_ADD, i, add));
	sv_st(cg, v, i);
	ra_free(cg, i);
}

/*
 * The string buf[start .. end] (slots sv, ev) copied to out, which may
 * be buf itself (the copy runs forwards, and start >= 0); into a
 * register.
 */
static int copy_range(struct cg *cg, uint32_t buf, uint32_t sv, uint32_t ev,
		      uint32_t out)
{
	uint32_t ss = subr_strsize(cg);
	int st = ra_new(cg), size = ra_new(cg);

	sv_ld(cg, st, sv);
	sv_ld(cg, size, ev);
	E(I_ALU64_REG(BPF_SUB, size, st));
	E(I_ALU64_IMM(BPF_ADD, size, 2));
	E(I_JMP_IMM(BPF_JSGE, size, 1, 1));
	E(I_MOV64_IMM(size, 1));
	E(I_JMP_IMM(BPF_JSLE, size, (int32_t)ss, 1));
	E(I_MOV64_IMM(size, (int32_t)ss));
	E(I_JMP_IMM(BPF_JLT, st, (int32_t)ss, 1));
	E(I_MOV64_IMM(st, 0));
	E(I_ALU64_REG(BPF_ADD, st, REG_DCTX));
	E(I_ALU64_IMM(BPF_ADD, st, SOFF(buf)));
	struct cg_arg args[] = { ARG_DCTX(out), ARG_REG(size), ARG_REG(st) };

	cg_call(cg, BPF_FUNC_probe_read_kernel_str, args, 3, false);
	return subr_result(cg, out, ss);
}

/* r = c (freed), on a path that joins with one where r is set */
static void set_reg(struct cg *cg, int r, int c)
{
	if (c != r)
		E(I_MOV64_REG(r, c));
	if (c != r)
		ra_free(cg, c);
}

/* r = the constant s, the same way */
static void set_const(struct cg *cg, int r, const char *s)
{
	set_reg(cg, r, cg_string_const(cg, s, strlen(s)));
}

/*
 * basename(s), dirname(s), as DTrace's: the last component (without
 * trailing slashes) and what precedes it; "." for "" and for dirname of
 * a bare name, "/" for a string of slashes.
 */
static int subr_basename(struct cg *cg, struct node *n, bool dir)
{
	int len;
	uint32_t buf = str_in(cg, n->args, &len, 0);
	uint32_t iv = sv_new(cg), lb = sv_new(cg), fb = sv_new(cg);
	uint32_t ld = sv_new(cg), zero = sv_new(cg);
	int dot = emit_label_new(cg->e), done = emit_label_new(cg->e);
	int t = ra_new(cg), k;

	emit_jmp_imm(cg->e, BPF_JEQ, len, 0, dot);
	E(I_ALU64_IMM(BPF_SUB, len, 1));
	sv_st(cg, iv, len);
	ra_free(cg, len);
	sv_st_imm(cg, lb, -1);
	sv_st_imm(cg, fb, -1);
	sv_st_imm(cg, ld, -1);
	sv_st_imm(cg, zero, 0);
	back_while(cg, buf, iv, true);
	set_if_found(cg, iv, lb, 0);
	back_while(cg, buf, iv, false);
	set_if_found(cg, iv, fb, 1);
	back_while(cg, buf, iv, true);
	set_if_found(cg, iv, ld, 0);
	/* all slashes: "/" */
	int some = emit_label_new(cg->e), base = emit_label_new(cg->e);

	sv_ld(cg, t, lb);
	emit_jmp_imm(cg->e, BPF_JNE, t, -1, some);
	sv_st_imm(cg, fb, 0);
	sv_st_imm(cg, lb, 0);
	sv_st_imm(cg, ld, 0);
	emit_label_place(cg->e, some);
	sv_ld(cg, t, fb);
	emit_jmp_imm(cg->e, BPF_JNE, t, -1, base);
	if (dir)
		emit_ja(cg->e, dot);
	else
		sv_st_imm(cg, fb, 0);
	emit_label_place(cg->e, base);
	if (dir) {
		sv_ld(cg, t, ld);
		E(I_JMP_IMM(BPF_JNE, t, -1, 1));
		E(I_MOV64_IMM(t, 0));
		sv_st(cg, ld, t);
	}
	ra_free(cg, t);
	/* in place: buf may be lent by the caller's str_in() (cg_subr.c) */
	k = dir ? copy_range(cg, buf, zero, ld, buf) :
		  copy_range(cg, buf, fb, lb, buf);
	emit_ja(cg->e, done);
	emit_label_place(cg->e, dot);
	set_const(cg, k, ".");
	emit_label_place(cg->e, done);
	return k;
}

/* scratch[buf + j + k] = ch, j bounded */
static void st_at(struct cg *cg, uint32_t buf, int j, int k, char ch)
{
	int t = ra_new(cg);

	E(I_MOV64_REG(t, REG_DCTX));
	E(I_ALU64_REG(BPF_ADD, t, j));
	E(I_ST_MEM(BPF_B, t, SOFF(buf) + k, ch));
	ra_free(cg, t);
}

/* the byte at in + i + k into c (i bounded to strsize, in is 2 long) */
static void ld_at(struct cg *cg, int c, uint32_t in, int i, int k)
{
	E(I_MOV64_REG(c, REG_DCTX));
	E(I_ALU64_REG(BPF_ADD, c, i));
	E(I_LDX_MEM(BPF_B, c, c, SOFF(in) + k));
}

static void advance(struct cg *cg, uint32_t v, int reg, int by)
{
	E(I_ALU64_IMM(BPF_ADD, reg, by));
	sv_st(cg, v, reg);
}

/* the next iteration, with the value in reg stored in slot v first */
static void next_with(struct cg *cg, struct sloop *l, uint32_t v, int reg)
{
	sv_st(cg, v, reg);
	sl_next(cg, l);
}

/* a path element starts: "/" before it unless it is the first */
static void elem_start(struct cg *cg, struct sloop *l, uint32_t out,
		       int j, uint32_t jv, uint32_t rootv, uint32_t mv)
{
	int r = ra_new(cg), skip = emit_label_new(cg->e);

	sv_st_imm(cg, mv, 1);
	sv_ld(cg, r, rootv);
	emit_jmp_reg(cg->e, BPF_JEQ, j, r, skip);
	st_at(cg, out, j, 0, '/');
	E(I_ALU64_IMM(BPF_ADD, j, 1));
	sv_st(cg, jv, j);
	emit_label_place(cg->e, skip);
	ra_free(cg, r);
	sl_next(cg, l);
}

/*
 * cleanpath(s), as DTrace for Linux cleans a path, lexically: repeated
 * slashes and "." elements go, ".." takes back the element before it
 * (at the root it goes; a relative path keeps the ".." it cannot take
 * back), no trailing "/" but the root's, and "." for a path that
 * cleans to nothing ("" stays "").  One step an iteration, in one of
 * three modes: between elements (0), copying an element (1), taking
 * back an element for ".." (2).  dv is where the output may be taken
 * back to (after the root or the leading ".."s), rootv 1 if rooted.
 */
static int subr_cleanpath(struct cg *cg, struct node *n)
{
	uint32_t ss = subr_strsize(cg);
	int len;
	uint32_t out = subr_out(cg, ss);	/* first: cg_subr */
	uint32_t in = str_in(cg, n->args, &len, 8);
	uint32_t iv = sv_new(cg), jv = sv_new(cg), mv = sv_new(cg);
	uint32_t dv = sv_new(cg), rootv = sv_new(cg);
	struct sloop l;
	int i = ra_new(cg), j = ra_new(cg), c = ra_new(cg), d;
	int rel = emit_label_new(cg->e), copy = emit_label_new(cg->e);
	int back = emit_label_new(cg->e), elem = emit_label_new(cg->e);
	int dot = emit_label_new(cg->e), dotdot = emit_label_new(cg->e);
	int skip1 = emit_label_new(cg->e), mode0 = emit_label_new(cg->e);
	int first = emit_label_new(cg->e), t;

	ra_free(cg, len);
	sv_st_imm(cg, iv, 0);
	sv_st_imm(cg, jv, 0);
	sv_st_imm(cg, mv, 0);
	sv_st_imm(cg, dv, 0);
	sv_st_imm(cg, rootv, 0);
	E(I_LDX_MEM(BPF_B, c, REG_DCTX, SOFF(in)));
	emit_jmp_imm(cg->e, BPF_JNE, c, '/', rel);
	E(I_ST_MEM(BPF_B, REG_DCTX, SOFF(out), '/'));
	sv_st_imm(cg, iv, 1);
	sv_st_imm(cg, jv, 1);
	sv_st_imm(cg, dv, 1);
	sv_st_imm(cg, rootv, 1);
	emit_label_place(cg->e, rel);

	sl_begin(cg, &l, 3 * ss + 8);
	sv_ld(cg, j, jv);
	/* room for "/.." and the NUL */
	emit_jmp_imm(cg->e, BPF_JGE, j, (int32_t)ss - 4, l.out);
	sv_ld(cg, i, iv);
	subr_bound(cg, i, ss, l.out);
	sv_ld(cg, c, mv);
	emit_jmp_imm(cg->e, BPF_JEQ, c, 1, copy);
	emit_jmp_imm(cg->e, BPF_JEQ, c, 2, back);
	/* between elements */
	ld_at(cg, c, in, i, 0);
	emit_jmp_imm(cg->e, BPF_JEQ, c, 0, l.out);
	emit_jmp_imm(cg->e, BPF_JEQ, c, '/', skip1);
	emit_jmp_imm(cg->e, BPF_JNE, c, '.', elem);
	ld_at(cg, c, in, i, 1);
	emit_jmp_imm(cg->e, BPF_JEQ, c, 0, skip1);
	emit_jmp_imm(cg->e, BPF_JEQ, c, '/', skip1);
	emit_jmp_imm(cg->e, BPF_JNE, c, '.', elem);
	ld_at(cg, c, in, i, 2);
	emit_jmp_imm(cg->e, BPF_JEQ, c, 0, dotdot);
	emit_jmp_imm(cg->e, BPF_JNE, c, '/', elem);
	emit_label_place(cg->e, dotdot);	/* ".." */
	E(I_ALU64_IMM(BPF_ADD, i, 2));
	sv_st(cg, iv, i);
	d = ra_new(cg);
	sv_ld(cg, d, dv);
	emit_jmp_reg(cg->e, BPF_JLE, j, d, dot);
	E(I_ALU64_IMM(BPF_SUB, j, 1));
	sv_st_imm(cg, mv, 2);
	next_with(cg, &l, jv, j);
	emit_label_place(cg->e, dot);		/* nothing to take back */
	sv_ld(cg, d, rootv);
	emit_jmp_imm(cg->e, BPF_JNE, d, 0, mode0);
	emit_jmp_imm(cg->e, BPF_JEQ, j, 0, first);
	st_at(cg, out, j, 0, '/');
	E(I_ALU64_IMM(BPF_ADD, j, 1));
	emit_label_place(cg->e, first);
	st_at(cg, out, j, 0, '.');
	st_at(cg, out, j, 1, '.');
	E(I_ALU64_IMM(BPF_ADD, j, 2));
	sv_st(cg, dv, j);
	next_with(cg, &l, jv, j);
	emit_label_place(cg->e, skip1);		/* "/" or "." */
	E(I_ALU64_IMM(BPF_ADD, i, 1));
	next_with(cg, &l, iv, i);
	emit_label_place(cg->e, elem);
	elem_start(cg, &l, out, j, jv, rootv, mv);
	/* copying an element */
	emit_label_place(cg->e, copy);
	ld_at(cg, c, in, i, 0);
	emit_jmp_imm(cg->e, BPF_JEQ, c, 0, mode0);
	emit_jmp_imm(cg->e, BPF_JEQ, c, '/', mode0);
	t = ra_new(cg);
	sb_st(cg, out, j, c, t);
	ra_free(cg, t);
	E(I_ALU64_IMM(BPF_ADD, j, 1));
	sv_st(cg, jv, j);
	E(I_ALU64_IMM(BPF_ADD, i, 1));
	next_with(cg, &l, iv, i);
	/* taking back: while j > dv and out[j] is not "/", j-- */
	emit_label_place(cg->e, back);
	sv_ld(cg, d, dv);
	emit_jmp_reg(cg->e, BPF_JLE, j, d, mode0);
	sb_ld(cg, c, out, j);
	emit_jmp_imm(cg->e, BPF_JEQ, c, '/', mode0);
	E(I_ALU64_IMM(BPF_SUB, j, 1));
	next_with(cg, &l, jv, j);
	/* back between elements */
	emit_label_place(cg->e, mode0);
	sv_st_imm(cg, mv, 0);
	sl_next(cg, &l);
	sl_end(cg, &l);
	ra_free(cg, d);

	int over = emit_label_new(cg->e);

	int end = emit_label_new(cg->e);

	/* nothing left of a path that was not empty: "." */
	sv_ld(cg, j, jv);
	emit_jmp_imm(cg->e, BPF_JNE, j, 0, end);
	E(I_LDX_MEM(BPF_B, c, REG_DCTX, SOFF(in)));
	emit_jmp_imm(cg->e, BPF_JEQ, c, 0, end);
	E(I_ST_MEM(BPF_B, REG_DCTX, SOFF(out), '.'));
	E(I_MOV64_IMM(j, 1));
	emit_label_place(cg->e, end);
	subr_bound(cg, j, ss, over);
	st_at(cg, out, j, 0, '\0');
	emit_label_place(cg->e, over);
	ra_free(cg, i);
	ra_free(cg, j);
	ra_free(cg, c);
	return subr_result(cg, out, ss);
}

/* c = 1 if byte c is in the delimiter bitmap at bm, else 0 */
static void in_set(struct cg *cg, int c, uint32_t bm)
{
	int t = ra_new(cg);

	E(I_MOV64_REG(t, c));
	E(I_ALU64_IMM(BPF_RSH, t, 3));
	E(I_ALU64_IMM(BPF_AND, t, 31));
	E(I_ALU64_REG(BPF_ADD, t, REG_DCTX));
	E(I_LDX_MEM(BPF_B, t, t, SOFF(bm)));
	E(I_ALU64_IMM(BPF_AND, c, 7));
	E(I_ALU64_REG(BPF_RSH, t, c));
	E(I_ALU64_IMM(BPF_AND, t, 1));
	E(I_MOV64_REG(c, t));
	ra_free(cg, t);
}

/* the delimiters of d as a 256-bit set at bm */
static void delim_set(struct cg *cg, struct node *d, uint32_t bm)
{
	uint32_t ss = subr_strsize(cg);
	int dl;
	uint32_t db = str_in(cg, d, &dl, 0);
	uint32_t iv = sv_new(cg);
	struct sloop l;
	int i = ra_new(cg), c = ra_new(cg), t = ra_new(cg);
	int b = ra_new(cg);

	for (uint32_t k = 0; k < 32; k += 8)
		E(I_ST_MEM(BPF_DW, REG_DCTX, SOFF(bm + k), 0));
	sv_st_imm(cg, iv, 0);
	sl_begin(cg, &l, ss);
	sv_ld(cg, i, iv);
	emit_jmp_reg(cg->e, BPF_JGE, i, dl, l.out);
	subr_bound(cg, i, ss, l.out);
	sb_ld(cg, c, db, i);
	advance(cg, iv, i, 1);
	E(I_MOV64_REG(t, c));
	E(I_ALU64_IMM(BPF_RSH, t, 3));
	E(I_ALU64_IMM(BPF_AND, t, 31));
	E(I_ALU64_REG(BPF_ADD, t, REG_DCTX));
	E(I_LDX_MEM(BPF_B, b, t, SOFF(bm)));
	E(I_ALU64_IMM(BPF_AND, c, 7));
	E(I_MOV64_IMM(i, 1));
	E(I_ALU64_REG(BPF_LSH, i, c));
	E(I_ALU64_REG(BPF_OR, b, i));
	E(I_STX_MEM(BPF_B, t, b, SOFF(bm)));
	sl_next(cg, &l);
	sl_end(cg, &l);
	ra_free(cg, i);
	ra_free(cg, c);
	ra_free(cg, t);
	ra_free(cg, b);
	ra_free(cg, dl);
}

/*
 * strtok(NULL, ...) with no string to go on with (none given yet in the
 * firing, or only an empty one): DTrace's state is then a NULL pointer,
 * and reading it faults.  The state's position is 0 and its first byte
 * NUL only then, as a token or a delimiter taken moves the position.
 */
static void no_state_fault(struct cg *cg, uint32_t pv, uint32_t buf)
{
	int ok = emit_label_new(cg->e), r = ra_new(cg);

	sv_ld(cg, r, pv);
	emit_jmp_imm(cg->e, BPF_JNE, r, 0, ok);
	E(I_LDX_MEM(BPF_B, r, REG_DCTX, SOFF(buf)));
	emit_jmp_imm(cg->e, BPF_JNE, r, 0, ok);
	ra_free(cg, r);
	cg_fault(cg, DFLT_BADADDR, -1);
	emit_label_place(cg->e, ok);
}

/*
 * strtok(s, delim): the state is { pos; string (2 * strsize) }.  Skip
 * delimiters, then take bytes up to the next delimiter or the end; NULL
 * when no token is left, as in DTrace.  As DTrace's, the position stays
 * on the delimiter that ended the token, so the next strtok(NULL, d2)
 * starts its token there unless d2 holds that character too.
 */
static int subr_strtok(struct cg *cg, struct node *n)
{
	uint32_t ss = subr_strsize(cg);
	struct node *s = arg(n, 0);
	bool fresh = !cg->strtok_fixed && cg->strtok_clause != cg->clause;

	if (!type_is_string(s->type) && fresh) {
		cg_fault(cg, DFLT_BADADDR, -1);	/* nothing to go on with */
		return cg_str_null(cg);
	}
	if (cg->strtok_fixed) {
		cg->strtok_state = cg->strtok_fixed;
	} else if (fresh) {
		cg->strtok_clause = cg->clause;
		cg->strtok_state = cg_scratch(cg, 8 + 2 * ss);
	}
	uint32_t st = cg->strtok_state, pv = st, buf = st + 8;
	uint32_t bm = cg_scratch(cg, 32), tv = sv_new(cg), ev = sv_new(cg);

	if (type_is_string(s->type)) {
		int p = cg_expr(cg, s);

		cg_str_null_check(cg, s, p, false);
		struct cg_arg args[] = { ARG_DCTX(buf), ARG_IMM(ss), ARG_REG(p) };

		cg_call(cg, BPF_FUNC_probe_read_kernel_str, args, 3, false);
		sv_st_imm(cg, pv, 0);
	} else {
		no_state_fault(cg, pv, buf);
	}
	delim_set(cg, arg(n, 1), bm);
	struct sloop l;
	int p = ra_new(cg), c = ra_new(cg);
	int none = emit_label_new(cg->e), done = emit_label_new(cg->e);

	/* leading delimiters */
	sl_begin(cg, &l, ss);
	int to_none = sl_exit(cg, &l, none);

	sv_ld(cg, p, pv);
	subr_bound(cg, p, ss, to_none);
	sb_ld(cg, c, buf, p);
	emit_jmp_imm(cg->e, BPF_JEQ, c, 0, to_none);
	in_set(cg, c, bm);
	emit_jmp_imm(cg->e, BPF_JEQ, c, 0, l.out);
	advance(cg, pv, p, 1);
	sl_next(cg, &l);
	sl_end(cg, &l);
	sv_ld(cg, p, pv);
	sv_st(cg, tv, p);
	/* the token */
	sl_begin(cg, &l, ss);
	sv_ld(cg, p, pv);
	sv_st(cg, ev, p);
	subr_bound(cg, p, ss, l.out);
	sb_ld(cg, c, buf, p);
	emit_jmp_imm(cg->e, BPF_JEQ, c, 0, l.out);
	in_set(cg, c, bm);
	emit_jmp_imm(cg->e, BPF_JNE, c, 0, l.out);
	advance(cg, pv, p, 1);
	sl_next(cg, &l);
	sl_end(cg, &l);
	ra_free(cg, p);
	ra_free(cg, c);
	/* [tv, ev) is the token: copy_range takes an inclusive end */
	int e = ra_new(cg);

	sv_ld(cg, e, ev);
	E(I_ALU64_IMM(BPF_SUB, e, 1));
	sv_st(cg, ev, e);
	ra_free(cg, e);
	int r = copy_range(cg, buf, tv, ev, cg_scratch(cg, ss));

	emit_ja(cg->e, done);
	emit_label_place(cg->e, none);
	set_reg(cg, r, cg_str_null(cg));	/* no token left: NULL */
	emit_label_place(cg->e, done);
	return r;
}

/* Is n a call of strtok()? */
static bool calls_strtok(const struct node *n, void *arg)
{
	return n->kind == NK_CALL && n->builtin == SUBR_STRTOK && n->name &&
	       !strcmp(n->name, "strtok");
}

void cg_strtok_reserve(struct cg *cg, const struct cg_clause *clauses, size_t n)
{
	uint32_t size = (8 + 2 * subr_strsize(cg) + 7) & ~7u;
	bool used = false;

	for (size_t i = 0; i < n && !used; i++)
		used = ast_any(clauses[i].clause->pred, calls_strtok, NULL) ||
		       ast_any(clauses[i].clause->body, calls_strtok, NULL);
	if (!used || cg->this_size + size > DCTX_SCRATCH / 4)
		return;
	/* this-> variables sit at DCTX_SCRATCH - this_size upwards: growing
	 * this_size moves them down and leaves the top for the state */
	cg->this_size += size;
	cg->strtok_fixed = DCTX_SCRATCH - size;
}

int cg_subr_path(struct cg *cg, struct node *n)
{
	switch (n->builtin) {
	case SUBR_BASENAME:
		return subr_basename(cg, n, false);
	case SUBR_DIRNAME:
		return subr_basename(cg, n, true);
	case SUBR_CLEANPATH:
		return subr_cleanpath(cg, n);
	case SUBR_STRTOK:
		return subr_strtok(cg, n);
	default:
		return cg_fail(cg, n, "%s( ) is not supported yet", n->name), R8;
	}
}
