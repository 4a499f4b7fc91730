/*
 * Code generation for subroutine calls: the dispatch on the id sema
 * gave the call, the loop and scratch kit of cg_subr.h, and the
 * subroutines that read memory (copyin, copyinstr; copyinto, alloca and
 * bcopy are in cg_subr_mem.c),
 * byte order (htons ...), devices (getmajor, getminor) and rand().
 * String subroutines are in cg_subr_str.c and cg_subr_path.c, network
 * addresses in cg_subr_net.c.
 *
 * User memory is read with bpf_probe_read_user*; a failed read faults
 * as DTrace's does (DFLT_BADADDR with the address).  Memory a D program
 * may write (alloca) lives in dctx scratch for the rest of the clause;
 * a destination pointer is checked against that region at run time,
 * as DTrace checks its scratch, so that it can be written through a
 * pointer the verifier knows.
 */
#include <string.h>

#include "cg_subr.h"
#include "../compile/btf.h"

#include "../runtime/options.h"

/* the most a copyin() of a size not known at compile time may copy */
#define COPYIN_MAX	1024

uint32_t subr_strsize(struct cg *cg)
{
	return dopts_strbytes(cg->opts);
}

int ra_new(struct cg *cg)
{
	int r = ra_alloc(cg);

	E(I_MOV64_IMM(r, 0));
	return r;
}

uint32_t sv_new(struct cg *cg)
{
	return cg_scratch(cg, 8);
}

void sv_ld(struct cg *cg, int reg, uint32_t v)
{
	E(I_LDX_MEM(BPF_DW, reg, REG_DCTX, SOFF(v)));
}

void sv_st(struct cg *cg, uint32_t v, int reg)
{
	E(I_STX_MEM(BPF_DW, REG_DCTX, reg, SOFF(v)));
}

void sv_st_imm(struct cg *cg, uint32_t v, int32_t imm)
{
	E(I_ST_MEM(BPF_DW, REG_DCTX, SOFF(v), imm));
}

void sb_ld(struct cg *cg, int dst, uint32_t buf, int idx)
{
	E(I_MOV64_REG(dst, REG_DCTX));
	E(I_ALU64_REG(BPF_ADD, dst, idx));
	E(I_LDX_MEM(BPF_B, dst, dst, SOFF(buf)));
}

void sb_st(struct cg *cg, uint32_t buf, int idx, int val, int tmp)
{
	E(I_MOV64_REG(tmp, REG_DCTX));
	E(I_ALU64_REG(BPF_ADD, tmp, idx));
	E(I_STX_MEM(BPF_B, tmp, val, SOFF(buf)));
}

void subr_bound(struct cg *cg, int reg, uint32_t max, int label)
{
	emit_jmp_imm(cg->e, BPF_JGE, reg, (int32_t)max, label);
}

int scratch_ptr(struct cg *cg, uint32_t buf)
{
	int r = ra_new(cg);

	E(I_MOV64_REG(r, REG_DCTX));
	E(I_ALU64_IMM(BPF_ADD, r, SOFF(buf)));
	return r;
}

/*
 * str_in() lends its buffer to n when n is a string subroutine call:
 * the call may build its result there (subr_out) instead of in scratch
 * of its own, and the copy below is then of the buffer onto itself
 * (or from further into it), which gives the length.  So in
 * strjoin(strjoin(strjoin(a, b), c), d) every call's result is made in
 * the outermost one's buffer, and the depth of such a chain costs no
 * scratch: its temporaries are given back level by level (cg_subr).
 */
uint32_t str_in(struct cg *cg, struct node *n, int *len, uint32_t extra)
{
	uint32_t ss = subr_strsize(cg);
	uint32_t lent = cg->subr_out_size;
	uint32_t buf = subr_out(cg, ss + extra);
	uint32_t size = lent >= ss + extra ? lent : ss + extra;
	struct cg_scratch_mark m;

	cg_scratch_mark(cg, &m);
	if (n->kind == NK_CALL && n->type && type_is_string(n->type)) {
		cg->subr_dest_for = n;
		cg->subr_dest = buf;
		cg->subr_dest_size = size;
	}
	int p = cg_expr(cg, n);

	cg->subr_dest_for = NULL;

	cg_str_null_check(cg, n, p, false);	/* a NULL string faults */
	struct cg_arg args[] = { ARG_DCTX(buf), ARG_IMM(ss), ARG_REG(p) };
	int r = cg_call(cg, BPF_FUNC_probe_read_kernel_str, args, 3, true);

	cg_scratch_reclaim(cg, &m, n);	/* n is copied: cg_reclaim.c */

	/* r is the length with its NUL: keep it within 1 .. strsize */
	E(I_JMP_IMM(BPF_JSGT, r, 0, 1));
	E(I_MOV64_IMM(r, 1));
	E(I_JMP_IMM(BPF_JLE, r, (int32_t)ss, 1));
	E(I_MOV64_IMM(r, (int32_t)ss));
	E(I_ALU64_IMM(BPF_SUB, r, 1));
	*len = r;
	return buf;
}

static int nargs(const struct node *n)
{
	int k = 0;

	for (const struct node *a = n->args; a; a = a->next)
		k++;
	return k;
}

static struct node *arg(const struct node *n, int i)
{
	struct node *a = n->args;

	while (i-- > 0 && a)
		a = a->next;
	return a;
}

static bool const_arg(const struct node *a, int64_t *v)
{
	if (a->kind != NK_INT)
		return false;
	*v = (int64_t)a->ival;
	return true;
}

/*
 * copyin(addr, size): size bytes of user memory in scratch, and a NUL
 * after them, so that (string)copyin(addr, size) is at most size
 * characters (what DTrace's zeroed scratch gives)
 */
static int subr_copyin(struct cg *cg, struct node *n)
{
	int64_t csize;
	bool is_const = const_arg(arg(n, 1), &csize);
	uint32_t cap = is_const ? (uint32_t)csize : COPYIN_MAX;
	uint32_t a = sv_new(cg), sz = sv_new(cg);

	if (is_const && !cg_scratch_fits(cg, n, csize))	/* cg_subr_mem.c */
		return R8;
	if (is_const && (csize < 0 || csize > DCTX_SCRATCH / 2))
		return cg_fail(cg, n, "copyin( ) of %lld bytes: more than the %d bytes of scratch space a clause may use",
			       (long long)csize, DCTX_SCRATCH / 2), R8;
	uint32_t buf = cg_scratch(cg, cap + 1);

	cg_alloca_note(cg, n, buf, cap);	/* writable, as an alloca()'s */
	int addr = cg_expr(cg, arg(n, 0));

	sv_st(cg, a, addr);
	int size = cg_expr(cg, arg(n, 1));

	if (!is_const) {
		int ok = emit_label_new(cg->e);

		emit_jmp_imm(cg->e, BPF_JLE, size, (int32_t)cap, ok);
		cg_fault(cg, DFLT_NOSCRATCH, -1);
		emit_label_place(cg->e, ok);
	}
	sv_st(cg, sz, size);
	struct cg_arg args[] = { ARG_DCTX(buf), ARG_REG(size), ARG_REG(addr) };
	int r = cg_call(cg, BPF_FUNC_probe_read_user, args, 3, true);
	int fa = ra_new(cg);

	sv_ld(cg, fa, a);
	cg_user_fault(cg, r, fa, sz);	/* or finished later: cg_defer.c */
	ra_free(cg, fa);
	ra_free(cg, r);
	int p = scratch_ptr(cg, buf), t = ra_new(cg);

	sv_ld(cg, t, sz);
	E(I_JMP_IMM(BPF_JLE, t, (int32_t)cap, 1));	/* (for the verifier) */
	E(I_MOV64_IMM(t, (int32_t)cap));
	E(I_ALU64_REG(BPF_ADD, t, p));
	E(I_ST_MEM(BPF_B, t, 0, 0));
	ra_free(cg, t);
	return p;
}

/*
 * copyinstr(addr[, maxlen]): a user string of maxlen bytes with the NUL,
 * at most strsize (so strsize - 1 characters, as DTrace for Linux reads
 * it: its read is bounded by strsize, not by a string's room).
 */
static int subr_copyinstr(struct cg *cg, struct node *n)
{
	uint32_t ss = subr_strsize(cg) - 1;
	uint32_t buf = cg_scratch(cg, ss + 1);	/* a string's room */
	uint32_t a = sv_new(cg);
	/* the length, for a copy finished later (cg_defer.c) */
	uint32_t sz = cg_defer_may(cg) ? sv_new(cg) : 0;
	int addr = cg_expr(cg, arg(n, 0));
	int size;

	sv_st(cg, a, addr);
	E(I_ST_MEM(BPF_B, REG_DCTX, SOFF(buf), 0));	/* maxlen 0: "" */
	if (nargs(n) > 1) {
		/* maxlen is a size_t: -1 is huge */
		size = cg_expr(cg, arg(n, 1));
		E(I_JMP_IMM(BPF_JLE, size, (int32_t)ss, 1));
		E(I_MOV64_IMM(size, (int32_t)ss));
	} else {
		size = ra_new(cg);
		E(I_MOV64_IMM(size, (int32_t)ss));
	}
	if (cg_defer_may(cg))
		sv_st(cg, sz, size);
	struct cg_arg args[] = { ARG_DCTX(buf), ARG_REG(size), ARG_REG(addr) };
	int r = cg_call(cg, BPF_FUNC_probe_read_user_str, args, 3, true);
	int fa = ra_new(cg);

	sv_ld(cg, fa, a);
	cg_user_fault(cg, r, fa, sz);	/* or finished later: cg_defer.c */
	ra_free(cg, fa);
	ra_free(cg, r);
	return subr_result(cg, buf, ss + 1);
}

static int subr_byteorder(struct cg *cg, struct node *n, int bits)
{
	int r = cg_expr(cg, n->args);

	E(I_ENDIAN(BPF_TO_BE, r, bits));
	cg_normalize(cg, r, n->type);
	return r;
}

void subr_kread(struct cg *cg, int reg, uint32_t av, int off, int size,
		uint32_t tmp, int fail)
{
	sv_ld(cg, reg, av);
	E(I_ALU64_IMM(BPF_ADD, reg, off));
	E(I_ST_MEM(BPF_DW, REG_DCTX, SOFF(tmp), 0));
	struct cg_arg args[] = { ARG_DCTX(tmp), ARG_IMM(size), ARG_REG(reg) };
	int r = cg_call(cg, BPF_FUNC_probe_read_kernel, args, 3, true);

	/* the call freed reg (and r may be it): it is ours again */
	emit_jmp_imm(cg->e, BPF_JSLT, r, 0, fail);
	ra_free(cg, r);
	cg->busy |= 1u << reg;
	E(I_LDX_MEM(size == 4 ? BPF_W : BPF_DW, reg, REG_DCTX, SOFF(tmp)));
}

/*
 * progenyof(pid): 1 if the current process is pid or descends from it,
 * following task_struct.real_parent (offsets from the kernel's BTF) up
 * to the first task that is its own parent.
 */
static int subr_progenyof(struct cg *cg, struct node *n)
{
	int parent = dbtf_offsetof(cg->types, "task_struct", "real_parent");
	int tgid = dbtf_offsetof(cg->types, "task_struct", "tgid");

	if (parent < 0 || tgid < 0)
		return cg_fail(cg, n, "progenyof( ) is not available: no kernel BTF for task_struct"), R8;
	uint32_t pv = sv_new(cg), tv = sv_new(cg), rv = sv_new(cg);
	uint32_t tmp = sv_new(cg);
	int pid = cg_expr(cg, n->args);
	struct sloop l;

	E(I_MOV32_REG(pid, pid));
	sv_st(cg, pv, pid);
	ra_free(cg, pid);
	sv_st_imm(cg, rv, 0);
	int t = cg_task(cg);

	sv_st(cg, tv, t);
	ra_free(cg, t);
	sl_begin(cg, &l, 0);
	int x = ra_new(cg), y = ra_new(cg);
	int no = emit_label_new(cg->e);

	sv_ld(cg, x, tv);
	emit_jmp_imm(cg->e, BPF_JEQ, x, 0, l.out);
	subr_kread(cg, x, tv, tgid, 4, tmp, l.out);
	sv_ld(cg, y, pv);
	emit_jmp_reg(cg->e, BPF_JNE, x, y, no);
	sv_st_imm(cg, rv, 1);
	emit_ja(cg->e, l.out);
	emit_label_place(cg->e, no);
	subr_kread(cg, x, tv, parent, 8, tmp, l.out);
	sv_ld(cg, y, tv);
	emit_jmp_reg(cg->e, BPF_JEQ, x, y, l.out);
	sv_st(cg, tv, x);
	sl_next(cg, &l);
	sl_end(cg, &l);
	sv_ld(cg, x, rv);
	ra_free(cg, y);
	return x;
}

static int subr_value(struct cg *cg, struct node *n)
{
	switch (n->builtin) {
	case SUBR_COPYIN:
		return subr_copyin(cg, n);
	case SUBR_COPYINSTR:
		return subr_copyinstr(cg, n);
	case SUBR_COPYINTO: case SUBR_BCOPY: case SUBR_ALLOCA:
		return cg_subr_mem(cg, n);	/* cg_subr_mem.c */
	case SUBR_HTONS: case SUBR_NTOHS:
		return subr_byteorder(cg, n, 16);
	case SUBR_HTONL: case SUBR_NTOHL:
		return subr_byteorder(cg, n, 32);
	case SUBR_HTONLL: case SUBR_NTOHLL:
		return subr_byteorder(cg, n, 64);
	case SUBR_GETMAJOR: case SUBR_GETMINOR: {
		/* the kernel's dev_t (32 bits: the argument is converted to
		 * it first): 12 bits of major above 20 of minor */
		int r = cg_expr(cg, n->args);

		if (n->builtin == SUBR_GETMAJOR)
			E(I_ALU32_IMM(BPF_RSH, r, 20));
		else
			E(I_ALU64_IMM(BPF_AND, r, 0xfffff));
		cg_normalize(cg, r, n->type);
		return r;
	}
	case SUBR_RAND: {
		/* an int of 32 random bits, negative half the time, as DTrace
		 * for Linux's (its tests look at every bit) */
		int r = cg_call(cg, BPF_FUNC_get_prandom_u32, NULL, 0, true);

		cg_normalize(cg, r, n->type);
		return r;
	}
	case SUBR_PROGENYOF:
		return subr_progenyof(cg, n);
	case SUBR_D_PATH:
		return cg_subr_dpath(cg, n);
	case SUBR_MUTEX_OWNED: case SUBR_MUTEX_OWNER:
	case SUBR_MUTEX_TYPE_ADAPTIVE: case SUBR_MUTEX_TYPE_SPIN:
		return cg_subr_mutex(cg, n);
	case SUBR_INET_NTOA: case SUBR_INET_NTOA6: case SUBR_INET_NTOP:
	case SUBR_LINK_NTOP:
		return cg_subr_net(cg, n);
	case SUBR_BASENAME: case SUBR_DIRNAME: case SUBR_CLEANPATH:
	case SUBR_STRTOK:
		return cg_subr_path(cg, n);
	default:
		return cg_subr_str(cg, n);
	}
}

uint32_t subr_out(struct cg *cg, uint32_t size)
{
	uint32_t buf = cg->subr_out;

	if (cg->subr_out_size >= size) {
		cg->subr_out_size = 0;
		return buf;
	}
	return cg_scratch(cg, size);	/* which ends the loan */
}

void subr_keep(struct cg *cg, uint32_t buf, uint32_t size)
{
	cg->subr_keep = buf + size;
}

int subr_result(struct cg *cg, uint32_t buf, uint32_t size)
{
	subr_keep(cg, buf, size);
	return scratch_ptr(cg, buf);
}

/*
 * A call's inputs are dead once it has its result: the scratch they
 * used is given back (cg_reclaim.c), all of it for an integer result
 * (by cg_operand, as for any integer value), and what lies past the
 * result's buffer for a string subroutine that names it (subr_result).
 * A nested call names its own, so the name is taken before and
 * cleared after.
 */
int cg_subr(struct cg *cg, struct node *n)
{
	struct cg_scratch_mark m;

	cg_scratch_mark(cg, &m);
	cg->subr_keep = 0;
	cg->subr_out_size = 0;
	if (cg->subr_dest_for == n) {	/* lent by str_in() */
		cg->subr_out = cg->subr_dest;
		cg->subr_out_size = cg->subr_dest_size;
	}
	cg->subr_dest_for = NULL;
	int r = subr_value(cg, n);

	if (cg->subr_keep)
		cg_scratch_reclaim_to(cg, &m, n, cg->subr_keep);
	cg->subr_keep = 0;
	cg->subr_out_size = 0;
	return r;
}
