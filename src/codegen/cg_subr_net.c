/*
 * Code generation for inet_ntoa(&ipaddr), inet_ntoa6(&ip6),
 * inet_ntop(af, addr) and link_ntop(type, addr): the address is read
 * (bpf_probe_read_kernel; a bad one faults) into scratch and formatted
 * into a new scratch string exactly as DTrace formats it: link-level
 * addresses as two-digit hex bytes joined by ':'; dotted decimal for
 * IPv4; for IPv6,
 * lower-case 16-bit groups with DTrace's choice of the zero run to
 * compress as "::" (found byte by byte, as its code does), and the
 * IPv4-mapped and IPv4-compatible forms ending in dotted decimal
 * (inet_ntoa6 gives just the IPv4 part of those, unless its second
 * argument, strict, is not 0).
 *
 * Every branch and position is unrolled over the 4 or 16 bytes, with
 * the output position and the zero-run state in scratch slots (see
 * cg_subr.h), so the verifier sees straight paths that rejoin.
 *
 * The IPv6 formatting, some 2,500 instructions unrolled, is one
 * BPF-to-BPF subprogram per program that every call shares: a clause
 * with a dozen calls inlined would pass BPF's 16-bit jump offsets.
 * Each call works in its own scratch block (struct ntop's layout from
 * offset 0); the subprogram gets REG_DCTX moved by the block's offset,
 * so the same code reaches any call's block.
 */
#include "cg_subr.h"

#define AF_INET_LINUX	2
#define AF_INET6_LINUX	10
#define ARPHRD_ETHER_LINUX	1	/* 6-byte addresses */
#define ARPHRD_INFINIBAND_LINUX	32	/* 20-byte addresses */

struct ntop {
	uint32_t in;		/* the address's bytes */
	uint32_t out;		/* the string */
	uint32_t pv;		/* next output position */
	uint32_t try_v, first_v, num_v, run_v, v4_v;
	uint32_t short_v;	/* inet_ntoa6() without strict: IPv4 part only */
	int full;		/* label: the output is full */
};

#define NTOP_NSLOTS	7	/* pv .. short_v */

static uint32_t ntop_strbytes(struct cg *cg)
{
	return (subr_strsize(cg) + 7) & ~7u;
}

/* one conversion's block: 16 bytes in, the string, then the slots */
static uint32_t ntop_size(struct cg *cg)
{
	return 16 + ntop_strbytes(cg) + 8 * NTOP_NSLOTS;
}

/* the layout of the block at scratch offset base */
static struct ntop ntop_at(struct cg *cg, uint32_t base)
{
	uint32_t v = base + 16 + ntop_strbytes(cg);

	return (struct ntop){ .in = base, .out = base + 16, .pv = v,
			      .try_v = v + 8, .first_v = v + 16,
			      .num_v = v + 24, .run_v = v + 32,
			      .v4_v = v + 40, .short_v = v + 48,
			      .full = emit_label_new(cg->e) };
}

static void put(struct cg *cg, struct ntop *t, int c)
{
	int p = ra_new(cg), x = ra_new(cg);

	sv_ld(cg, p, t->pv);
	subr_bound(cg, p, subr_strsize(cg) - 1, t->full);
	sb_st(cg, t->out, p, c, x);
	E(I_ALU64_IMM(BPF_ADD, p, 1));
	sv_st(cg, t->pv, p);
	ra_free(cg, p);
	ra_free(cg, x);
}

static void put_imm(struct cg *cg, struct ntop *t, char ch)
{
	int c = ra_new(cg);

	E(I_MOV64_IMM(c, ch));
	put(cg, t, c);
	ra_free(cg, c);
}

/* the byte at in + k in decimal */
static void put_dec(struct cg *cg, struct ntop *t, uint32_t k)
{
	int b = ra_new(cg), d = ra_new(cg);
	int tens = emit_label_new(cg->e), ones = emit_label_new(cg->e);

	E(I_LDX_MEM(BPF_B, b, REG_DCTX, SOFF(t->in + k)));
	emit_jmp_imm(cg->e, BPF_JLT, b, 100, tens);
	E(I_MOV64_REG(d, b));
	E(I_ALU64_IMM(BPF_DIV, d, 100));
	E(I_ALU64_IMM(BPF_ADD, d, '0'));
	put(cg, t, d);
	E(I_ALU64_IMM(BPF_MOD, b, 100));
	E(I_MOV64_REG(d, b));
	E(I_ALU64_IMM(BPF_DIV, d, 10));
	E(I_ALU64_IMM(BPF_ADD, d, '0'));
	put(cg, t, d);
	emit_ja(cg->e, ones);
	emit_label_place(cg->e, tens);
	emit_jmp_imm(cg->e, BPF_JLT, b, 10, ones);
	E(I_MOV64_REG(d, b));
	E(I_ALU64_IMM(BPF_DIV, d, 10));
	E(I_ALU64_IMM(BPF_ADD, d, '0'));
	put(cg, t, d);
	emit_label_place(cg->e, ones);
	E(I_ALU64_IMM(BPF_MOD, b, 10));
	E(I_ALU64_IMM(BPF_ADD, b, '0'));
	put(cg, t, b);
	ra_free(cg, b);
	ra_free(cg, d);
}

/* dotted decimal of the four bytes at in + k */
static void put_v4(struct cg *cg, struct ntop *t, uint32_t k)
{
	for (uint32_t i = 0; i < 4; i++) {
		put_dec(cg, t, k + i);
		if (i < 3)
			put_imm(cg, t, '.');
	}
}

/* one hex digit of w (shifted right by sh) unless w < min */
static void put_hex(struct cg *cg, struct ntop *t, int w, int sh, int32_t min)
{
	int skip = emit_label_new(cg->e), dec = emit_label_new(cg->e);
	int d = ra_new(cg);

	if (min)
		emit_jmp_imm(cg->e, BPF_JLT, w, min, skip);
	E(I_MOV64_REG(d, w));
	E(I_ALU64_IMM(BPF_RSH, d, sh));
	E(I_ALU64_IMM(BPF_AND, d, 15));
	E(I_ALU64_IMM(BPF_ADD, d, '0'));
	emit_jmp_imm(cg->e, BPF_JLE, d, '9', dec);
	E(I_ALU64_IMM(BPF_ADD, d, 'a' - '0' - 10));
	emit_label_place(cg->e, dec);
	put(cg, t, d);
	emit_label_place(cg->e, skip);
	ra_free(cg, d);
}

/*
 * DTrace's zero-run search, unrolled over the 16 bytes: a run starts at
 * a zero byte at an even index and ends at the next non-zero byte (or
 * the last byte); it replaces the best run when longer in bytes.
 */
static void zero_run(struct cg *cg, struct ntop *t)
{
	int b = ra_new(cg), x = ra_new(cg), y = ra_new(cg);

	sv_st_imm(cg, t->try_v, -1);
	sv_st_imm(cg, t->first_v, -1);
	sv_st_imm(cg, t->num_v, 1);
	for (int32_t i = 0; i < 16; i++) {
		int next = emit_label_new(cg->e), notry = emit_label_new(cg->e);

		E(I_LDX_MEM(BPF_B, b, REG_DCTX, SOFF(t->in + (uint32_t)i)));
		sv_ld(cg, x, t->try_v);
		if (i % 2 == 0) {
			emit_jmp_imm(cg->e, BPF_JNE, b, 0, notry);
			emit_jmp_imm(cg->e, BPF_JNE, x, -1, notry);
			sv_st_imm(cg, t->try_v, i);
			emit_ja(cg->e, next);
		}
		emit_label_place(cg->e, notry);
		emit_jmp_imm(cg->e, BPF_JEQ, x, -1, next);
		if (i != 15)
			emit_jmp_imm(cg->e, BPF_JEQ, b, 0, next);
		int longer = emit_label_new(cg->e);

		E(I_MOV64_IMM(y, i));
		E(I_ALU64_REG(BPF_SUB, y, x));
		sv_ld(cg, b, t->num_v);
		emit_jmp_reg(cg->e, BPF_JSGT, y, b, longer);
		sv_st_imm(cg, t->try_v, -1);
		emit_ja(cg->e, next);
		emit_label_place(cg->e, longer);
		sv_st(cg, t->first_v, x);
		E(I_MOV64_IMM(y, i - i % 2));
		E(I_ALU64_REG(BPF_SUB, y, x));
		if (i == 15) {
			E(I_LDX_MEM(BPF_B, b, REG_DCTX, SOFF(t->in + 15)));
			E(I_JMP_IMM(BPF_JNE, b, 0, 1));
			E(I_ALU64_IMM(BPF_ADD, y, 2));
		}
		sv_st(cg, t->num_v, y);
		sv_st_imm(cg, t->try_v, -1);
		emit_label_place(cg->e, next);
	}
	ra_free(cg, b);
	ra_free(cg, x);
	ra_free(cg, y);
}

/* the 16-bit group at byte i, or its part of the "::" run */
static void put_group(struct cg *cg, struct ntop *t, int32_t i)
{
	int print = emit_label_new(cg->e), next = emit_label_new(cg->e);
	int f = ra_new(cg), w = ra_new(cg);

	sv_ld(cg, w, t->run_v);
	emit_jmp_imm(cg->e, BPF_JEQ, w, 0, print);
	sv_ld(cg, f, t->first_v);
	emit_jmp_imm(cg->e, BPF_JSGT, f, i, print);
	sv_ld(cg, w, t->num_v);
	E(I_ALU64_REG(BPF_ADD, w, f));
	emit_jmp_imm(cg->e, BPF_JSLE, w, i, print);
	emit_jmp_imm(cg->e, BPF_JNE, f, i, next);
	put_imm(cg, t, ':');
	put_imm(cg, t, ':');
	emit_ja(cg->e, next);
	emit_label_place(cg->e, print);
	E(I_LDX_MEM(BPF_B, w, REG_DCTX, SOFF(t->in + (uint32_t)i)));
	E(I_LDX_MEM(BPF_B, f, REG_DCTX, SOFF(t->in + (uint32_t)i + 1)));
	E(I_ALU64_IMM(BPF_LSH, w, 8));
	E(I_ALU64_REG(BPF_OR, w, f));
	put_hex(cg, t, w, 12, 0x1000);
	put_hex(cg, t, w, 8, 0x100);
	put_hex(cg, t, w, 4, 0x10);
	put_hex(cg, t, w, 0, 0);
	if (i < 14) {
		sv_ld(cg, f, t->first_v);
		emit_jmp_imm(cg->e, BPF_JEQ, f, i + 2, next);
		put_imm(cg, t, ':');
	}
	emit_label_place(cg->e, next);
	ra_free(cg, f);
	ra_free(cg, w);
}

/* 1 in v4_v if in holds an IPv4-mapped or IPv4-compatible address */
static void v4_embedded(struct cg *cg, struct ntop *t)
{
	int a = ra_new(cg), no = emit_label_new(cg->e);
	int yes = emit_label_new(cg->e);

	sv_st_imm(cg, t->v4_v, 0);
	E(I_LDX_MEM(BPF_DW, a, REG_DCTX, SOFF(t->in)));
	emit_jmp_imm(cg->e, BPF_JNE, a, 0, no);
	E(I_LDX_MEM(BPF_H, a, REG_DCTX, SOFF(t->in + 8)));
	emit_jmp_imm(cg->e, BPF_JNE, a, 0, no);
	E(I_LDX_MEM(BPF_H, a, REG_DCTX, SOFF(t->in + 10)));
	emit_jmp_imm(cg->e, BPF_JEQ, a, 0xffff, yes);
	emit_jmp_imm(cg->e, BPF_JNE, a, 0, no);
	/* compatible: not :: and not ::1 */
	E(I_LDX_MEM(BPF_W, a, REG_DCTX, SOFF(t->in + 12)));
	emit_jmp_imm(cg->e, BPF_JEQ, a, 0, no);
	E(I_LDX_MEM(BPF_B, a, REG_DCTX, SOFF(t->in + 12)));
	emit_jmp_imm(cg->e, BPF_JNE, a, 0, yes);
	E(I_LDX_MEM(BPF_H, a, REG_DCTX, SOFF(t->in + 13)));
	emit_jmp_imm(cg->e, BPF_JNE, a, 0, yes);
	E(I_LDX_MEM(BPF_B, a, REG_DCTX, SOFF(t->in + 15)));
	emit_jmp_imm(cg->e, BPF_JEQ, a, 1, no);
	emit_label_place(cg->e, yes);
	sv_st_imm(cg, t->v4_v, 1);
	emit_label_place(cg->e, no);
	ra_free(cg, a);
}

static void put_v6(struct cg *cg, struct ntop *t)
{
	int a = ra_new(cg), b = ra_new(cg);
	int plain = emit_label_new(cg->e), done = emit_label_new(cg->e);
	int v4 = emit_label_new(cg->e);
	int norun = emit_label_new(cg->e), run = emit_label_new(cg->e);

	zero_run(cg, t);
	v4_embedded(cg, t);
	/* is the run's end reached by the groups printed? */
	sv_st_imm(cg, t->run_v, 0);
	sv_ld(cg, a, t->first_v);
	emit_jmp_imm(cg->e, BPF_JEQ, a, -1, norun);
	sv_ld(cg, b, t->num_v);
	E(I_ALU64_REG(BPF_ADD, a, b));
	sv_ld(cg, b, t->v4_v);
	emit_jmp_imm(cg->e, BPF_JEQ, b, 0, run);
	emit_jmp_imm(cg->e, BPF_JSGT, a, 12, norun);
	emit_label_place(cg->e, run);
	sv_st_imm(cg, t->run_v, 1);
	emit_label_place(cg->e, norun);
	sv_ld(cg, b, t->v4_v);
	emit_jmp_imm(cg->e, BPF_JEQ, b, 0, plain);
	sv_ld(cg, b, t->short_v);
	emit_jmp_imm(cg->e, BPF_JNE, b, 0, v4);
	ra_free(cg, a);
	ra_free(cg, b);
	for (int32_t i = 0; i <= 10; i += 2)
		put_group(cg, t, i);
	emit_label_place(cg->e, v4);
	put_v4(cg, t, 12);
	emit_ja(cg->e, done);
	emit_label_place(cg->e, plain);
	for (int32_t i = 0; i <= 14; i += 2)
		put_group(cg, t, i);
	emit_label_place(cg->e, done);
}

/* read n bytes at the address in reg (freed) into t->in; fault if bad */
static void addr_in(struct cg *cg, struct ntop *t, int reg, uint32_t n)
{
	uint32_t av = sv_new(cg);

	sv_st(cg, av, reg);
	struct cg_arg args[] = { ARG_DCTX(t->in), ARG_IMM(n), ARG_REG(reg) };
	int r = cg_call(cg, BPF_FUNC_probe_read_kernel, args, 3, true);
	int fa = ra_new(cg);

	sv_ld(cg, fa, av);
	cg_fault_if_neg(cg, r, DFLT_BADADDR, fa);
	ra_free(cg, fa);
	ra_free(cg, r);
}

/* an illegal operation unless the value in reg is a or b */
static void only_kinds(struct cg *cg, int reg, int32_t a, int32_t b)
{
	int ok = emit_label_new(cg->e);

	emit_jmp_imm(cg->e, BPF_JEQ, reg, a, ok);
	emit_jmp_imm(cg->e, BPF_JEQ, reg, b, ok);
	cg_fault(cg, DFLT_ILLOP, -1);
	emit_label_place(cg->e, ok);
}

/* the NUL after the output */
static void finish(struct cg *cg, struct ntop *t)
{
	int p = ra_new(cg), x = ra_new(cg), z = ra_new(cg);
	int over = emit_label_new(cg->e);

	emit_label_place(cg->e, t->full);
	sv_ld(cg, p, t->pv);
	E(I_MOV64_IMM(z, 0));
	subr_bound(cg, p, subr_strsize(cg), over);
	sb_st(cg, t->out, p, z, x);
	emit_label_place(cg->e, over);
	ra_free(cg, p);
	ra_free(cg, x);
	ra_free(cg, z);
}

/*
 * The subprogram, after the program's code (a label placed right before
 * a subprogram's first instruction would resolve into it): r1 is
 * REG_DCTX moved to the caller's block, r2 is short_v's value.
 */
void cg_ntop_end(struct cg *cg)
{
	struct ntop t;

	if (cg->ntop_sub < 0)
		return;
	t = ntop_at(cg, 0);
	emit_sub_begin(cg->e);
	emit_label_place(cg->e, cg->ntop_sub);
	E(I_MOV64_REG(REG_DCTX, R1));
	sv_st(cg, t.short_v, R2);
	put_v6(cg, &t);
	finish(cg, &t);
	E(I_MOV64_IMM(R0, 0));
	E(I_EXIT());
	emit_sub_end(cg->e);
}

/* format the IPv6 address in t->in by the subprogram */
static void call_v6(struct cg *cg, struct ntop *t, bool shrt)
{
	if (cg->ntop_sub < 0)
		cg->ntop_sub = emit_label_new(cg->e);
	for (int r = R1; r <= R5; r++)
		if (cg->busy & (1u << r))
			E(I_STX_MEM(BPF_DW, REG_FP, r, FRAME_SPILL(r)));
	E(I_MOV64_REG(R1, REG_DCTX));
	E(I_ALU64_IMM(BPF_ADD, R1, (int32_t)t->in));
	E(I_MOV64_IMM(R2, shrt));
	emit_call_label(cg->e, cg->ntop_sub);
	for (int r = R1; r <= R5; r++)
		if (cg->busy & (1u << r))
			E(I_LDX_MEM(BPF_DW, r, REG_FP, FRAME_SPILL(r)));
}

/* the n bytes at t->in as "xx:xx:...", as DTrace's link_ntop() */
static void put_link(struct cg *cg, struct ntop *t, uint32_t n)
{
	int b = ra_new(cg);

	for (uint32_t k = 0; k < n; k++) {
		E(I_LDX_MEM(BPF_B, b, REG_DCTX, SOFF(t->in + k)));
		put_hex(cg, t, b, 4, 0);
		put_hex(cg, t, b, 0, 0);
		if (k + 1 < n)
			put_imm(cg, t, ':');
	}
	ra_free(cg, b);
}

/*
 * link_ntop(type, addr): an Ethernet or InfiniBand address; any other
 * hardware type is an illegal operation.
 */
static int link_ntop(struct cg *cg, struct node *n, struct ntop *t)
{
	uint32_t tv = sv_new(cg), av = sv_new(cg);
	int ty = cg_expr(cg, n->args), addr;
	int ib = emit_label_new(cg->e), end = emit_label_new(cg->e);

	t->in = cg_scratch(cg, 20);
	sv_st(cg, tv, ty);
	ra_free(cg, ty);
	addr = cg_expr(cg, n->args->next);
	sv_st(cg, av, addr);
	ty = ra_new(cg);
	sv_ld(cg, ty, tv);
	only_kinds(cg, ty, ARPHRD_ETHER_LINUX, ARPHRD_INFINIBAND_LINUX);
	emit_jmp_imm(cg->e, BPF_JEQ, ty, ARPHRD_INFINIBAND_LINUX, ib);
	ra_free(cg, ty);
	addr_in(cg, t, addr, 6);
	put_link(cg, t, 6);
	emit_ja(cg->e, end);
	emit_label_place(cg->e, ib);
	addr = ra_new(cg);
	sv_ld(cg, addr, av);
	addr_in(cg, t, addr, 20);
	put_link(cg, t, 20);
	emit_label_place(cg->e, end);
	finish(cg, t);
	return scratch_ptr(cg, t->out);
}

/* inet_ntoa6()'s strict, a constant (sema_subr.c), perhaps cast */
static bool ntoa6_strict(const struct node *n)
{
	const struct node *a = n->args->next;

	while (a && a->kind == NK_CAST)
		a = a->lhs;
	return a && a->ival;
}

int cg_subr_net(struct cg *cg, struct node *n)
{
	struct ntop t = ntop_at(cg, cg_scratch(cg, ntop_size(cg)));
	struct node *an = n->builtin == SUBR_INET_NTOP ? n->args->next : n->args;
	uint32_t afv = sv_new(cg);
	int end = emit_label_new(cg->e);

	sv_st_imm(cg, t.pv, 0);
	if (n->builtin == SUBR_LINK_NTOP)
		return link_ntop(cg, n, &t);
	if (n->builtin == SUBR_INET_NTOP) {
		int af = cg_expr(cg, n->args);

		sv_st(cg, afv, af);
		ra_free(cg, af);
	} else {
		sv_st_imm(cg, afv, n->builtin == SUBR_INET_NTOA ?
			  AF_INET_LINUX : AF_INET6_LINUX);
	}
	int addr = cg_expr(cg, an), af = ra_new(cg);
	int v6 = emit_label_new(cg->e);
	/* both paths read from the address: keep it for the second */
	uint32_t av = sv_new(cg);

	sv_st(cg, av, addr);

	sv_ld(cg, af, afv);
	only_kinds(cg, af, AF_INET_LINUX, AF_INET6_LINUX);
	emit_jmp_imm(cg->e, BPF_JNE, af, AF_INET_LINUX, v6);
	ra_free(cg, af);
	addr_in(cg, &t, addr, 4);
	put_v4(cg, &t, 0);
	finish(cg, &t);
	emit_ja(cg->e, end);
	emit_label_place(cg->e, v6);
	addr = ra_new(cg);
	sv_ld(cg, addr, av);
	addr_in(cg, &t, addr, 16);
	call_v6(cg, &t, n->builtin == SUBR_INET_NTOA6 && !ntoa6_strict(n));
	emit_label_place(cg->e, end);
	return scratch_ptr(cg, t.out);
}
