/*
 * Memory a D program may write: alloca(), bcopy(), copyinto(), and the
 * run-time check that a store through a pointer (`p->x = 1`, cg_store.c)
 * lands in it.
 *
 * Writable memory is clause scratch in dctx, as DTrace's is its per-CPU
 * scratch.  An alloca() of a constant size takes a fixed piece of it at
 * compile time, from a region reserved before anything else in the
 * clause, so that allocations follow one another as DTrace's do
 * (cg_alloca_begin()).  One of a size known only at run time takes its memory
 * from the clause's heap: the scratch the clause leaves unused, from the
 * end of its fixed allocations (known only once the whole clause has
 * been generated, so the limits are patched into the instructions then)
 * up to the this-> variables.  A slot holds the bytes in use, zeroed at
 * the start of a clause that has such an alloca().  Asking for more
 * than is left faults "out of scratch space" (DTRACEFLT_NOSCRATCH).
 *
 * A destination pointer is checked at run time to lie in memory the
 * clause has alloca()ed, as DTrace for Linux checks alloca pointers (a
 * store past an allocation faults though other scratch follows it): the
 * address less the context's, within one allocation, added back to
 * REG_DCTX gives a pointer the verifier knows.  The script's globals
 * (`p = &g.x`) are accepted the same way.  Anything else faults
 * "invalid address" with the address.
 */
#include "cg_subr.h"
#include "../runtime/options.h"

/* the first and last-plus-one scratch offsets a D program may write */
#define WR_LO	CG_REC_MAX
static int32_t wr_hi(struct cg *cg)
{
	return (int32_t)(DCTX_SCRATCH - cg->this_size);
}

/* the argument list's i-th node */
static struct node *nth_arg(const struct node *n, int i)
{
	struct node *a = n->args;

	while (i-- > 0 && a)
		a = a->next;
	return a;
}

/*
 * dst (an address) becomes its offset into scratch; slot v keeps the
 * address for a fault.  Both go through scratch slots first so that
 * the difference is a plain number whatever the verifier knew of either.
 */
static void scratch_offset(struct cg *cg, int dst, uint32_t v)
{
	uint32_t b = sv_new(cg);
	int base = ra_new(cg);

	sv_st(cg, v, dst);
	sv_st(cg, b, REG_DCTX);
	sv_ld(cg, dst, v);
	sv_ld(cg, base, b);
	E(I_ALU64_REG(BPF_SUB, dst, base));
	E(I_ALU64_IMM(BPF_SUB, dst, offsetof(struct dctx, scratch)));
	ra_free(cg, base);
}

/* Place label bad: a fault of kind with the value in slot v (off the
 * straight path) */
static void fault_at(struct cg *cg, int bad, enum dfault kind, uint32_t v)
{
	int ok = emit_label_new(cg->e), a = ra_new(cg);

	emit_ja(cg->e, ok);
	emit_label_place(cg->e, bad);
	sv_ld(cg, a, v);
	cg_fault(cg, kind, a);
	ra_free(cg, a);
	emit_label_place(cg->e, ok);
}

/* "invalid address", with the address in v */
static void bad_address(struct cg *cg, int bad, uint32_t v)
{
	fault_at(cg, bad, DFLT_BADADDR, v);
}

/* REG_DCTX + scratch + off (freed): a pointer the verifier knows */
static int scratch_at(struct cg *cg, int off)
{
	int p = ra_new(cg);

	E(I_MOV64_REG(p, REG_DCTX));
	E(I_ALU64_IMM(BPF_ADD, p, offsetof(struct dctx, scratch)));
	E(I_ALU64_REG(BPF_ADD, p, off));
	ra_free(cg, off);
	return p;
}

/*
 * The address in slot v, if the size bytes there lie among the script's
 * globals (`p = &g.x; *p = 1`: D variable storage, which dtrace_canstore
 * accepts too), as a pointer into the globals map in p; else to bad.
 */
static void globals_dest(struct cg *cg, int p, uint32_t v, uint32_t size,
			 int bad)
{
	uint32_t b = sv_new(cg);
	int base = ra_new(cg);

	emit_ld_map_value(cg->e, base, DMAP_GLOBALS, 0);
	sv_st(cg, b, base);
	sv_ld(cg, base, b);
	sv_ld(cg, p, v);
	E(I_ALU64_REG(BPF_SUB, p, base));
	emit_jmp_imm(cg->e, BPF_JGT, p, (int32_t)(cg->globals_size - size), bad);
	emit_ld_map_value(cg->e, base, DMAP_GLOBALS, 0);
	E(I_ALU64_REG(BPF_ADD, base, p));
	E(I_MOV64_REG(p, base));
	ra_free(cg, base);
}

/* an instruction whose immediate the heap's start replaces */
static void heap_start_fix(struct cg *cg)
{
	if (cg->nheap_start_fix == CG_HEAP_START_FIX_MAX) {
		cg_fail(cg, cg->clause, "more than %d stores through pointers in a clause with alloca( )s of sizes that are not constants is not supported yet",
			CG_HEAP_START_FIX_MAX);
		return;
	}
	cg->heap_start_fix[cg->nheap_start_fix++] = (uint32_t)emit_pos(cg->e);
}

/* Jump to ok if the size bytes at scratch offset dst lie in one of the
 * clause's allocations so far: the fixed ones, then the heap's in use. */
static void in_allocas(struct cg *cg, int dst, uint32_t size, int ok)
{
	/* none yet: ok stays in the code (the verifier wants every
	 * instruction reachable), behind a test no offset passes */
	emit_jmp_imm(cg->e, BPF_JEQ, dst, -1, ok);
	for (int i = 0; i < cg->nallocas; i++) {
		uint32_t o = cg->allocas[i].off, n = cg->allocas[i].size;
		int next = emit_label_new(cg->e);

		if (n < size)
			continue;
		emit_jmp_imm(cg->e, BPF_JLT, dst, (int32_t)o, next);
		emit_jmp_imm(cg->e, BPF_JLE, dst, (int32_t)(o + n - size), ok);
		emit_label_place(cg->e, next);
	}
	if (!cg->heap_slot)
		return;
	int next = emit_label_new(cg->e), t = ra_new(cg), used = ra_new(cg);

	E(I_MOV64_REG(t, dst));
	heap_start_fix(cg);
	E(I_ALU64_IMM(BPF_SUB, t, 0));		/* less the heap's start */
	emit_jmp_imm(cg->e, BPF_JSLT, t, 0, next);
	E(I_ALU64_IMM(BPF_ADD, t, (int32_t)size));
	sv_ld(cg, used, cg->heap_slot);
	emit_jmp_reg(cg->e, BPF_JLE, t, used, ok);
	emit_label_place(cg->e, next);
	ra_free(cg, t);
	ra_free(cg, used);
}

int cg_scratch_dest(struct cg *cg, int dst, uint32_t size)
{
	uint32_t v = sv_new(cg);
	bool glob = cg->globals_size >= size;
	int bad = emit_label_new(cg->e), done = emit_label_new(cg->e);
	int other = glob ? emit_label_new(cg->e) : bad, p;
	int ok = emit_label_new(cg->e), badsize = emit_label_new(cg->e);

	scratch_offset(cg, dst, v);
	emit_jmp_imm(cg->e, BPF_JLT, dst, WR_LO, other);
	emit_jmp_imm(cg->e, BPF_JGT, dst, wr_hi(cg) - (int32_t)size, other);
	in_allocas(cg, dst, size, ok);
	/* a start in alloca()'d memory with too many bytes after it:
	 * DTrace's "invalid size" */
	in_allocas(cg, dst, 1, badsize);
	emit_ja(cg->e, other);
	emit_label_place(cg->e, badsize);
	E(I_MOV64_IMM(dst, (int32_t)size));
	cg_fault(cg, DFLT_BADSIZE, dst);
	emit_label_place(cg->e, ok);
	p = scratch_at(cg, dst);
	if (glob) {
		emit_ja(cg->e, done);
		emit_label_place(cg->e, other);
		globals_dest(cg, p, v, size, bad);
	}
	bad_address(cg, bad, v);
	emit_label_place(cg->e, done);
	return p;
}

/*
 * Bytes from the address in addr (kept) to the end of the allocation
 * that holds it, at most max; max if it is in none.  stringof() reads
 * no further: the bytes past an allocation are other scratch, as the
 * string being made is (reading on would copy its own output).
 */
int cg_alloca_rest(struct cg *cg, int addr, uint32_t max)
{
	uint32_t v = sv_new(cg), rv = sv_new(cg);
	int off = ra_new(cg), t = ra_new(cg), done = emit_label_new(cg->e);

	E(I_MOV64_REG(off, addr));
	scratch_offset(cg, off, v);
	sv_st_imm(cg, rv, (int32_t)max);
	for (int i = 0; i < cg->nallocas; i++) {
		uint32_t o = cg->allocas[i].off, n = cg->allocas[i].size;
		int next = emit_label_new(cg->e);

		emit_jmp_imm(cg->e, BPF_JLT, off, (int32_t)o, next);
		emit_jmp_imm(cg->e, BPF_JGE, off, (int32_t)(o + n), next);
		E(I_MOV64_IMM(t, (int32_t)(o + n)));
		E(I_ALU64_REG(BPF_SUB, t, off));
		sv_st(cg, rv, t);
		emit_ja(cg->e, done);
		emit_label_place(cg->e, next);
	}
	if (cg->heap_slot) {
		int used = ra_new(cg);

		E(I_MOV64_REG(t, off));
		heap_start_fix(cg);
		E(I_ALU64_IMM(BPF_SUB, t, 0));		/* less the heap's start */
		emit_jmp_imm(cg->e, BPF_JSLT, t, 0, done);
		sv_ld(cg, used, cg->heap_slot);
		emit_jmp_reg(cg->e, BPF_JGE, t, used, done);
		E(I_ALU64_REG(BPF_SUB, used, t));
		sv_st(cg, rv, used);
		ra_free(cg, used);
	}
	emit_label_place(cg->e, done);
	ra_free(cg, off);
	sv_ld(cg, t, rv);
	/* for the verifier: 0 .. max */
	E(I_JMP_IMM(BPF_JLE, t, (int32_t)max, 1));
	E(I_MOV64_IMM(t, (int32_t)max));
	return t;
}

static int void_result(struct cg *cg)
{
	return ra_new(cg);
}

/* Fault unless the read helper's result r (freed) is 0; the source
 * address is in slot a; a user one of size bytes may be read again
 * later (cg_defer.c) */
static void read_check(struct cg *cg, int r, uint32_t a, bool user,
		       int32_t size)
{
	int fa = ra_new(cg);

	sv_ld(cg, fa, a);
	if (user) {
		uint32_t len = 0;

		if (cg_defer_may(cg)) {
			len = sv_new(cg);
			sv_st_imm(cg, len, size);
		}
		cg_user_fault(cg, r, fa, len);
	} else {
		cg_fault_if_neg(cg, r, DFLT_BADADDR, fa);
	}
	ra_free(cg, fa);
	ra_free(cg, r);
}

/*
 * Copy n bytes (n in slot sn, at most the scratch size) from the address
 * in slot a to scratch offset in slot so, with one helper call per set
 * bit of n: each call has a constant size and a destination bounded for
 * it, which the verifier can check where one call of a variable size
 * at a variable offset it could not.
 */
static void copy_bits(struct cg *cg, int fn, uint32_t a, uint32_t so,
		      uint32_t sn)
{
	for (int b = 13; b >= 0; b--) {
		int32_t size = 1 << b;
		int skip = emit_label_new(cg->e), fail = emit_label_new(cg->e);
		int t = ra_new(cg);

		sv_ld(cg, t, sn);
		E(I_ALU64_IMM(BPF_AND, t, size));
		emit_jmp_imm(cg->e, BPF_JEQ, t, 0, skip);
		sv_ld(cg, t, so);
		/* checked already: these bounds are for the verifier */
		emit_jmp_imm(cg->e, BPF_JLT, t, WR_LO, fail);
		emit_jmp_imm(cg->e, BPF_JGT, t, wr_hi(cg) - size, fail);
		int d = scratch_at(cg, t), s = ra_new(cg);

		sv_ld(cg, s, a);
		struct cg_arg args[] = { ARG_REG(d), ARG_IMM(size), ARG_REG(s) };
		read_check(cg, cg_call(cg, fn, args, 3, true), a,
			   fn == BPF_FUNC_probe_read_user, size);
		t = ra_new(cg);
		sv_ld(cg, t, a);
		E(I_ALU64_IMM(BPF_ADD, t, size));
		sv_st(cg, a, t);
		sv_ld(cg, t, so);
		E(I_ALU64_IMM(BPF_ADD, t, size));
		sv_st(cg, so, t);
		emit_label_place(cg->e, fail);
		emit_label_place(cg->e, skip);
		ra_free(cg, t);
	}
}

/* bcopy(src, dest, size) and copyinto(addr, size, dest) of a size only
 * known at run time: [dest, dest + size) must lie in scratch */
static int copy_var(struct cg *cg, struct node *n, bool user)
{
	struct node *src = nth_arg(n, 0), *dst = nth_arg(n, user ? 2 : 1);
	struct node *size = nth_arg(n, user ? 1 : 2);
	uint32_t a = sv_new(cg), v = sv_new(cg), sn = sv_new(cg);
	int bad = emit_label_new(cg->e), size_ok = emit_label_new(cg->e);
	int badsize = emit_label_new(cg->e);
	int s = cg_expr(cg, src), sz, d;

	/* the arguments in their order: copyinto's size comes before
	 * its destination */
	sv_st(cg, a, s);
	ra_free(cg, s);
	if (user) {
		sz = cg_expr(cg, size);
		sv_st(cg, sn, sz);
		ra_free(cg, sz);
	}
	d = cg_expr(cg, dst);
	scratch_offset(cg, d, v);
	if (user) {
		sz = ra_new(cg);
		sv_ld(cg, sz, sn);
	} else {
		sz = cg_expr(cg, size);
		sv_st(cg, sn, sz);
	}
	/* a size no scratch can hold (-1 is huge) is DTrace's "invalid
	 * size", before the destination is looked at */
	emit_jmp_imm(cg->e, BPF_JLE, sz, wr_hi(cg) - WR_LO, size_ok);
	cg_fault(cg, DFLT_BADSIZE, sz);
	emit_label_place(cg->e, size_ok);
	emit_jmp_imm(cg->e, BPF_JLT, d, WR_LO, bad);
	emit_jmp_imm(cg->e, BPF_JGT, d, wr_hi(cg), bad);
	E(I_ALU64_REG(BPF_ADD, sz, d));
	emit_jmp_imm(cg->e, BPF_JGT, sz, wr_hi(cg), badsize);
	ra_free(cg, sz);
	bad_address(cg, bad, v);
	/* a start in scratch with too many bytes after it */
	fault_at(cg, badsize, DFLT_BADSIZE, sn);
	sv_st(cg, v, d);
	ra_free(cg, d);
	copy_bits(cg, user ? BPF_FUNC_probe_read_user : BPF_FUNC_probe_read_kernel,
		  a, v, sn);
	return void_result(cg);
}

/* bcopy(src, dest, size) and copyinto(addr, size, dest) */
static int copy_to(struct cg *cg, struct node *n, bool user)
{
	struct node *src = nth_arg(n, 0), *dst = nth_arg(n, user ? 2 : 1);
	struct node *sz = nth_arg(n, user ? 1 : 2);

	int64_t size = (int64_t)sz->ival;

	/* a size only known at run time, or one no scratch can hold, which
	 * faults at run time as DTrace's does */
	if (sz->kind != NK_INT || size <= 0 ||
	    size > DCTX_SCRATCH - CG_REC_MAX)
		return copy_var(cg, n, user);
	uint32_t a = sv_new(cg);
	int s = cg_expr(cg, src);

	/* a source in alloca()'d memory is held to its bounds too, as
	 * DTrace checks every alloca pointer it reads through */
	if (src->alloca)
		s = cg_scratch_dest(cg, s, (uint32_t)size);
	sv_st(cg, a, s);
	int d = cg_scratch_dest(cg, cg_expr(cg, dst), (uint32_t)size);
	struct cg_arg args[] = { ARG_REG(d), ARG_IMM(size), ARG_REG(s) };

	read_check(cg, cg_call(cg, user ? BPF_FUNC_probe_read_user :
			       BPF_FUNC_probe_read_kernel, args, 3, true), a,
		   user, (int32_t)size);
	return void_result(cg);
}

/* Does the tree at n call alloca() with a size that is not a constant? */
static bool has_heap_alloca(const struct node *n)
{
	for (; n; n = n->next) {
		if (n->kind == NK_CALL && n->builtin == SUBR_ALLOCA &&
		    n->args && n->args->kind != NK_INT)
			return true;
		if (has_heap_alloca(n->lhs) || has_heap_alloca(n->rhs) ||
		    has_heap_alloca(n->cond) || has_heap_alloca(n->then) ||
		    has_heap_alloca(n->els) || has_heap_alloca(n->args) ||
		    has_heap_alloca(n->body))
			return true;
	}
	return false;
}

/* The bytes the tree at n alloca()s with constant sizes, each rounded
 * up to 8 as alloca_() places them; sizes it refuses count nothing */
static uint64_t fixed_alloca_bytes(const struct node *n)
{
	uint64_t sum = 0;

	for (; n; n = n->next) {
		if (n->kind == NK_CALL && n->builtin == SUBR_ALLOCA &&
		    n->args && n->args->kind == NK_INT &&
		    n->args->ival <= DCTX_SCRATCH)
			sum += (n->args->ival + 7) & ~7ull;
		sum += fixed_alloca_bytes(n->lhs) + fixed_alloca_bytes(n->rhs) +
		       fixed_alloca_bytes(n->cond) + fixed_alloca_bytes(n->then) +
		       fixed_alloca_bytes(n->els) + fixed_alloca_bytes(n->args) +
		       fixed_alloca_bytes(n->body);
	}
	return sum;
}

void cg_alloca_begin(struct cg *cg)
{
	struct node *cl = cg->clause;
	uint64_t sum = fixed_alloca_bytes(cl->pred) + fixed_alloca_bytes(cl->body);

	cg->alloca_next = cg->alloca_end = cg->scratch_off;
	if (cg->scratch_off + sum > (uint64_t)wr_hi(cg))
		return;		/* too much: alloca_() says so */
	cg->alloca_end = cg->scratch_off + (uint32_t)sum;
	cg->scratch_off = cg->alloca_end;
}

int cg_alloca_offset(struct cg *cg, int r)
{
	int null = emit_label_new(cg->e);

	emit_jmp_imm(cg->e, BPF_JEQ, r, 0, null);
	scratch_offset(cg, r, sv_new(cg));
	/* DTrace's first alloca() is at offset 8 of its scratch */
	E(I_ALU64_IMM(BPF_SUB, r, WR_LO - 8));
	emit_label_place(cg->e, null);
	return r;
}

void cg_heap_begin(struct cg *cg)
{
	struct node *cl = cg->clause;

	cg->heap_slot = 0;
	cg->nheap_fix = 0;
	cg->nheap_start_fix = 0;
	cg->nallocas = 0;
	if (!has_heap_alloca(cl->pred) && !has_heap_alloca(cl->body))
		return;
	cg->heap_slot = sv_new(cg);
	sv_st_imm(cg, cg->heap_slot, 0);
}

/* an instruction whose immediate the heap's limits replace */
static void heap_fix(struct cg *cg, struct node *n)
{
	if (cg->nheap_fix == CG_HEAP_FIX_MAX) {
		cg_fail(cg, n, "more than %d alloca( )s of sizes that are not constants in a clause is not supported yet",
			CG_HEAP_FIX_MAX / 2);
		return;
	}
	cg->heap_fix[cg->nheap_fix++] = (uint32_t)emit_pos(cg->e);
}

void cg_heap_end(struct cg *cg)
{
	uint32_t base = (cg->scratch_off + 7) & ~7u;
	int32_t avail = wr_hi(cg) - (int32_t)base;

	if (avail < 0)
		avail = 0;
	/* scratchsize bounds what alloca() may take, as in DTrace */
	if (cg->opts->scratchsize && cg->opts->scratchsize < (uint64_t)avail)
		avail = (int32_t)cg->opts->scratchsize;
	if (emit_error(cg->e))
		return;
	/* fixes come in pairs: the heap's size, then its start */
	for (int i = 0; i < cg->nheap_fix; i++)
		cg->e->insns[cg->heap_fix[i]].imm = i % 2 ? (int32_t)base :
							    avail;
	for (int i = 0; i < cg->nheap_start_fix; i++)
		cg->e->insns[cg->heap_start_fix[i]].imm = (int32_t)base;
}

void cg_alloca_note(struct cg *cg, struct node *n, uint32_t off,
		    uint32_t size)
{
	if (cg->nallocas == CG_ALLOCA_MAX) {
		cg_fail(cg, n, "more than %d alloca( )s and copyin( )s in a clause is not supported yet",
			CG_ALLOCA_MAX);
		return;
	}
	cg->allocas[cg->nallocas].off = off;
	cg->allocas[cg->nallocas++].size = size;
}

/* alloca(size) of a size known only at run time, from the clause's heap */
static int heap_alloca(struct cg *cg, struct node *n)
{
	int no = emit_label_new(cg->e), ok = emit_label_new(cg->e);
	int sz = cg_expr(cg, n->args), used = ra_new(cg), left = ra_new(cg);

	sv_ld(cg, used, cg->heap_slot);
	heap_fix(cg, n);
	E(I_MOV64_IMM(left, 0));
	emit_jmp_reg(cg->e, BPF_JGT, used, left, no);
	E(I_ALU64_REG(BPF_SUB, left, used));
	emit_jmp_reg(cg->e, BPF_JLE, sz, left, ok);
	emit_label_place(cg->e, no);
	cg_fault(cg, DFLT_NOSCRATCH, -1);
	emit_label_place(cg->e, ok);
	/* the next allocation starts 8-byte aligned */
	E(I_ALU64_REG(BPF_ADD, sz, used));
	E(I_ALU64_IMM(BPF_ADD, sz, 7));
	E(I_ALU64_IMM(BPF_AND, sz, -8));
	sv_st(cg, cg->heap_slot, sz);
	ra_free(cg, sz);
	heap_fix(cg, n);
	E(I_ALU64_IMM(BPF_ADD, used, 0));
	ra_free(cg, left);
	return scratch_at(cg, used);
}

bool cg_scratch_fits(struct cg *cg, const struct node *n, int64_t size)
{
	uint64_t lim = DCTX_SCRATCH - CG_REC_MAX;

	if (cg->opts->scratchsize && cg->opts->scratchsize < lim)
		lim = cg->opts->scratchsize;
	if (size >= 0 && (uint64_t)size <= lim)
		return true;
	/* the size is a size_t: -1 is 18446744073709551615, as DTrace says */
	diag_error(cg->diag, n->loc, D_ALLOCA_SIZE,
		   "%s(%s%llu) size larger than scratchsize %llu", n->name,
		   n->builtin == SUBR_COPYIN ? "..., " : "",
		   (unsigned long long)size, (unsigned long long)lim);
	return false;
}

/* alloca(size): clause scratch, not zeroed (DTrace's is not either) */
static int alloca_(struct cg *cg, struct node *n)
{
	if (n->args->kind != NK_INT)
		return heap_alloca(cg, n);
	int64_t size = (int64_t)n->args->ival;

	if (!cg_scratch_fits(cg, n, size))
		return R8;
	/* alloca(0) takes nothing: the next allocation starts there too */
	uint32_t off = cg->alloca_next;

	if (off + (uint64_t)size <= cg->alloca_end)
		cg->alloca_next = (off + (uint32_t)size + 7) & ~7u;
	else
		off = cg_scratch(cg, (uint32_t)size);

	cg_alloca_note(cg, n, off, (uint32_t)size);
	return scratch_ptr(cg, off);
}

int cg_subr_mem(struct cg *cg, struct node *n)
{
	switch (n->builtin) {
	case SUBR_COPYINTO:
		return copy_to(cg, n, true);
	case SUBR_BCOPY:
		return copy_to(cg, n, false);
	default:
		return alloca_(cg, n);
	}
}
