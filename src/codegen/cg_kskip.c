/*
 * Kernel stacks without the tracing machinery.  A tracepoint program's
 * kernel stack starts with frames of the machinery that called it: the
 * program itself, bpf_trace_runN and __bpf_trace_EVENT for a raw
 * tracepoint, perf_trace_EVENT (or perf_syscall_enter/exit) for a perf
 * one, and __traceiter_EVENT only while more than one callback is
 * attached to the tracepoint (with one, the tracepoint calls it
 * directly).  How many there are thus changes while a program runs, as
 * other tracers come and go, and from one kernel build to the next, so
 * a fixed skip count is wrong sooner or later.
 *
 * So the frames are dropped by name.  At compile time the addresses of
 * the machinery's functions are taken from /proc/kallsyms (read once per
 * compilation); the program reads CG_KSKIP_MAX more frames than it
 * needs, after the provider's fixed skip (only what is always there:
 * the program's own frame), and counts the leading frames inside those
 * functions with a chain of compares.  stack(), stackdepth and caller
 * all use the count, so caller is always the second frame stack() shows.
 * Without kallsyms (an unprivileged -S), the fixed skip alone is used.
 */
#include "cg.h"

#include <stdlib.h>
#include <string.h>

#include "../providers/provider.h"
#include "../runtime/sym.h"

/* machinery frames a stack may start with, beyond the fixed skip */
#define CG_KSKIP_MAX	5
/* address ranges compared; more names than this are not expected */
#define CG_KSKIP_RANGES	24


/* s == prefix followed by rest */
static bool is_named(const char *s, const char *prefix, const char *rest)
{
	size_t n = strlen(prefix);

	return strncmp(s, prefix, n) == 0 && strcmp(s + n, rest) == 0;
}

/*
 * Whether kernel function name belongs to the machinery that runs a
 * program on tracepoint tp (syscalls: the system call tracepoints).
 */
static bool is_machinery(const char *name, const char *tp, bool syscalls)
{
	static const char *const fixed[] = {
		"trace_call_bpf", "perf_trace_run_bpf_submit", "perf_tp_event",
	};
	static const char *const per_tp[] = {
		"__traceiter_", "__bpf_trace_", "perf_trace_",
	};

	/* the padding before a function (no frame is ever in it) */
	if (strncmp(name, "__pfx_", 6) == 0)
		name += 6;
	if (strncmp(name, "bpf_trace_run", 13) == 0)
		return name[13] >= '0' && name[13] <= '9';
	for (size_t i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++)
		if (strcmp(name, fixed[i]) == 0)
			return true;
	if (syscalls && (is_named(name, "perf_syscall_", "enter") ||
			 is_named(name, "perf_syscall_", "exit")))
		return true;
	for (size_t i = 0; i < sizeof(per_tp) / sizeof(per_tp[0]); i++)
		if (is_named(name, per_tp[i], tp) ||
		    (syscalls && (is_named(name, per_tp[i], "sys_enter") ||
				  is_named(name, per_tp[i], "sys_exit"))))
			return true;
	return false;
}

/*
 * The tracepoint an attach point's program runs on: a perf tracepoint's
 * path is "GROUP/EVENT", a raw tracepoint's the tracepoint itself.
 * NULL when the program is on no tracepoint.
 */
static const char *attach_tp(const struct attach *at, bool *syscalls)
{
	const char *slash;

	*syscalls = false;
	if (!at || !at->path)
		return NULL;
	if (at->prog_type == BPF_PROG_TYPE_RAW_TRACEPOINT) {
		*syscalls = !strcmp(at->path, "sys_enter") ||
			    !strcmp(at->path, "sys_exit");
		return at->path;
	}
	if (at->prog_type != BPF_PROG_TYPE_TRACEPOINT)
		return NULL;
	slash = strchr(at->path, '/');
	/* the syscalls and raw_syscalls events are on sys_enter/sys_exit */
	*syscalls = !strncmp(at->path, "syscalls/", 9) ||
		    !strncmp(at->path, "raw_syscalls/", 13);
	return slash ? slash + 1 : at->path;
}

/* the address after the symbol at index i (the next one's) */
static uint64_t sym_end(const struct ksyms *k, size_t i)
{
	for (size_t j = i + 1; j < k->n; j++)
		if (k->v[j].addr > k->v[i].addr)
			return k->v[j].addr;
	return k->v[i].addr + 1;
}

/* what cg->kskip holds: kallsyms, and the ranges of one attach point */
struct cg_kskip {
	struct ksyms ksyms;
	bool loaded;
	const struct attach *at;	/* the ranges are this one's */
	int n;
	struct kskip_range rg[CG_KSKIP_RANGES];
};

int cg_kskip_find(const struct ksyms *k, const char *tp, bool syscalls,
		  struct kskip_range *out, int max)
{
	int n = 0;

	for (size_t i = 0; i < k->n; i++) {
		const struct ksym *s = &k->v[i];
		struct kskip_range *last = n ? &out[n - 1] : NULL;
		uint64_t hi;

		if (!is_machinery(s->name, tp, syscalls))
			continue;
		hi = sym_end(k, i);
		if (last && last->hi >= s->addr) {
			if (hi > last->hi)
				last->hi = hi;
		} else if (n < max) {
			out[n++] = (struct kskip_range){ s->addr, hi };
		}
	}
	return n;
}

/* cg->at's ranges (cached per attach point); NULL if there are none */
static const struct cg_kskip *kskip_ranges(struct cg *cg)
{
	struct cg_kskip *k = cg->kskip;
	bool syscalls;
	const char *tp = attach_tp(cg->at, &syscalls);

	if (!tp)
		return NULL;
	if (!k) {
		k = cg->kskip = calloc(1, sizeof(*k));
		if (!k)
			return NULL;
	}
	if (!k->loaded) {
		k->loaded = true;
		ksyms_load(&k->ksyms, NULL);	/* none: the fixed skip */
	}
	if (k->at != cg->at) {
		k->at = cg->at;
		k->n = cg_kskip_find(&k->ksyms, tp, syscalls, k->rg,
				     CG_KSKIP_RANGES);
	}
	return k->n ? k : NULL;
}

void cg_kskip_free(struct cg *cg)
{
	if (!cg->kskip)
		return;
	ksyms_free(&cg->kskip->ksyms);
	free(cg->kskip);
	cg->kskip = NULL;
}

/* if (reg < v) goto label, unsigned, v any 64-bit value */
static void jlt64(struct cg *cg, int reg, uint64_t v, int label)
{
	int t;

	if ((uint64_t)(int64_t)(int32_t)v == v) {
		emit_jmp_imm(cg->e, BPF_JLT, reg, (int32_t)v, label);
		return;
	}
	t = ra_alloc(cg);
	emit_ld_imm64(cg->e, t, v);
	emit_jmp_reg(cg->e, BPF_JLT, reg, t, label);
	ra_free(cg, t);
}

/*
 * The number of leading frames of the buffer at dctx offset off that
 * lie in one of the ranges, in a new register: a frame below a range's
 * start is below all later ones (they are sorted), so each range costs
 * two compares.
 */
static int count_machinery(struct cg *cg, uint32_t off,
			   const struct kskip_range *rg, int nrg)
{
	int d = ra_alloc(cg), f = ra_alloc(cg);
	int done = emit_label_new(cg->e);

	emit(cg->e, I_MOV64_IMM(d, 0));
	for (int i = 0; i < CG_KSKIP_MAX; i++) {
		int match = emit_label_new(cg->e);

		emit(cg->e, I_LDX_MEM(BPF_DW, f, REG_DCTX, off + 8 * i));
		for (int j = 0; j < nrg; j++) {
			jlt64(cg, f, rg[j].lo, done);
			jlt64(cg, f, rg[j].hi, match);
		}
		emit_ja(cg->e, done);
		emit_label_place(cg->e, match);
		emit(cg->e, I_MOV64_IMM(d, i + 1));
	}
	emit_label_place(cg->e, done);
	ra_free(cg, f);
	return d;
}

/*
 * The fixed skip: the frames that are always the machinery's, which the
 * provider knows.  Without kallsyms, a perf tracepoint's first frame
 * (its perf_trace_* function) is skipped too, as that is all it has.
 */
static uint32_t fixed_skip(struct cg *cg)
{
	if (cg->at && cg->at->kstack_skip)
		return cg->at->kstack_skip;
	return cg->at && cg->at->prog_type == BPF_PROG_TYPE_TRACEPOINT &&
	       !kskip_ranges(cg) ? 1 : 0;
}

/* struct pt_regs' sp on x86-64: a uprobe program's context */
#define PT_REGS_SP	152

/*
 * A user stack at a function's entry (attach->ustack_entry): the return
 * address at the stack pointer is the caller.  Kernels that put it in
 * themselves (Linux 6.10 and the stable kernels it went back to, at a
 * push %rbp or an endbr64) give it as the second frame; otherwise the
 * frames are taken again from the second slot on, the first is moved
 * down and the return address goes in the second.  (A function called
 * recursively from one call site shows the site once too few.)  Returns
 * the bytes written, as bpf_get_stack() does.
 */
static int entry_ustack(struct cg *cg, uint32_t off, uint32_t size,
			uint32_t flags)
{
	uint32_t ret = (uint32_t)offsetof(struct dctx, scratch) + cg_scratch(cg, 8);
	int res = ra_alloc(cg), r, t, sp;
	int done = emit_label_new(cg->e);

	sp = ra_alloc(cg);
	emit(cg->e, I_LDX_MEM(BPF_DW, sp, REG_FP, FRAME_CTX));
	emit(cg->e, I_LDX_MEM(BPF_DW, sp, sp, PT_REGS_SP));
	struct cg_arg args[] = {
		ARG_DCTX((int64_t)ret - (int64_t)offsetof(struct dctx, scratch)),
		ARG_IMM(8), ARG_REG(sp) };

	cg_call(cg, BPF_FUNC_probe_read_user, args, 3, false);
	r = cg_get_stack_at(cg, off, size, flags, true);
	emit(cg->e, I_MOV64_REG(res, r));
	ra_free(cg, r);
	/* the kernel's second frame is the caller: done */
	t = ra_alloc(cg);
	sp = ra_alloc(cg);
	emit(cg->e, I_LDX_MEM(BPF_DW, t, REG_DCTX, off + 8));
	emit(cg->e, I_LDX_MEM(BPF_DW, sp, REG_DCTX, ret));
	emit_jmp_reg(cg->e, BPF_JEQ, t, sp, done);
	ra_free(cg, sp);
	ra_free(cg, t);
	r = cg_get_stack_at(cg, off + 8, size - 8, flags, true);
	t = ra_alloc(cg);
	emit(cg->e, I_LDX_MEM(BPF_DW, t, REG_DCTX, off + 8));
	emit(cg->e, I_STX_MEM(BPF_DW, REG_DCTX, t, off));
	emit(cg->e, I_LDX_MEM(BPF_DW, t, REG_DCTX, ret));
	emit(cg->e, I_STX_MEM(BPF_DW, REG_DCTX, t, off + 8));
	ra_free(cg, t);
	/* one frame more than the helper wrote, within size */
	emit(cg->e, I_JMP_IMM(BPF_JSLE, r, 0, 3));
	emit(cg->e, I_ALU64_IMM(BPF_ADD, r, 8));
	emit(cg->e, I_JMP_IMM(BPF_JLE, r, (int32_t)size, 1));
	emit(cg->e, I_MOV64_IMM(r, (int32_t)size));
	emit(cg->e, I_MOV64_REG(res, r));
	ra_free(cg, r);
	emit_label_place(cg->e, done);
	return res;
}

int cg_get_stack(struct cg *cg, uint32_t off, uint32_t size, uint32_t flags,
		 bool want_ret)
{
	if ((flags & BPF_F_USER_STACK) && cg->at && cg->at->ustack_entry &&
	    size >= 16) {
		int r = entry_ustack(cg, off, size, flags);

		if (want_ret)
			return r;
		ra_free(cg, r);
		return -1;
	}
	return cg_get_stack_at(cg, off, size, flags, want_ret);
}

int cg_get_stack_at(struct cg *cg, uint32_t off, uint32_t size,
		    uint32_t flags, bool want_ret)
{
	int ctx, buf;

	/* the running thread's stack would not be the probe's thread's:
	 * refused, with the reason (cg_thread.c) */
	cg_thread_check_helper(cg, BPF_FUNC_get_stack);
	ctx = ra_alloc(cg);
	buf = ra_alloc(cg);

	emit(cg->e, I_LDX_MEM(BPF_DW, ctx, REG_FP, FRAME_CTX));
	emit(cg->e, I_MOV64_REG(buf, REG_DCTX));
	emit(cg->e, I_ALU64_IMM(BPF_ADD, buf, off));
	struct cg_arg args[] = { ARG_REG(ctx), ARG_REG(buf), ARG_IMM(size),
				 ARG_IMM(flags) };

	return cg_call(cg, BPF_FUNC_get_stack, args, 4, want_ret);
}

/* the kernel's stack after the fixed skip, at dctx offset off */
static int get_stack(struct cg *cg, uint32_t off, uint32_t size,
		     bool want_ret)
{
	return cg_get_stack(cg, off, size,
			    fixed_skip(cg) & BPF_F_SKIP_FIELD_MASK, want_ret);
}

/* a probe without a kernel stack of its own (attach->no_kstack) */
static bool no_kstack(const struct cg *cg)
{
	return cg->at && cg->at->no_kstack;
}

void cg_kstack_read(struct cg *cg, uint32_t nframes, bool want_ret,
		    struct cg_kstack *ks)
{
	const struct cg_kskip *k = kskip_ranges(cg);
	uint32_t size = 8 * (nframes + (k ? CG_KSKIP_MAX : 0));

	ks->off = (uint32_t)offsetof(struct dctx, scratch) +
		  cg_scratch(cg, size);
	if (no_kstack(cg)) {
		/* no frames: a depth of 0, so no caller either */
		ks->ret = want_ret ? ra_alloc(cg) : -1;
		if (want_ret)
			emit(cg->e, I_MOV64_IMM(ks->ret, 0));
		ks->skip = -1;
		return;
	}
	ks->ret = get_stack(cg, ks->off, size, want_ret);
	ks->skip = k ? count_machinery(cg, ks->off, k->rg, k->n) : -1;
}

int cg_kstack_frame(struct cg *cg, struct cg_kstack *ks, uint32_t i)
{
	int p = ra_alloc(cg);

	emit(cg->e, I_MOV64_REG(p, REG_DCTX));
	emit(cg->e, I_ALU64_IMM(BPF_ADD, p, ks->off + 8 * i));
	if (ks->skip >= 0) {
		emit(cg->e, I_ALU64_IMM(BPF_LSH, ks->skip, 3));
		emit(cg->e, I_ALU64_REG(BPF_ADD, p, ks->skip));
		ra_free(cg, ks->skip);
		ks->skip = -1;
	}
	return p;
}

/*
 * stack(): size bytes of frames at dctx offset off.  Without known
 * machinery they go there directly; else through scratch, from the
 * first frame after the machinery.
 */
void cg_kstack_store(struct cg *cg, int32_t off, uint32_t size)
{
	struct cg_kstack ks;
	int dst, src;

	if (no_kstack(cg)) {
		for (uint32_t i = 0; i + 8 <= size; i += 8)
			emit(cg->e, I_ST_MEM(BPF_DW, REG_DCTX, off + (int32_t)i, 0));
		return;
	}
	if (!kskip_ranges(cg)) {
		get_stack(cg, (uint32_t)off, size, false);
		return;
	}
	cg_kstack_read(cg, size / 8, false, &ks);
	src = cg_kstack_frame(cg, &ks, 0);
	dst = ra_alloc(cg);
	emit(cg->e, I_MOV64_REG(dst, REG_DCTX));
	emit(cg->e, I_ALU64_IMM(BPF_ADD, dst, off));
	struct cg_arg args[] = { ARG_REG(dst), ARG_IMM(size), ARG_REG(src) };

	cg_call(cg, BPF_FUNC_probe_read_kernel, args, 3, false);
}

/* the kernel frames always skipped (the rest are found at run time) */
uint32_t cg_kstack_skip(struct cg *cg)
{
	return fixed_skip(cg);
}

/* does a clause read the kernel's stack? */
static bool reads_kstack(const struct node *n, void *arg)
{
	(void)arg;
	if (n->kind == NK_CALL && n->name)
		return !strcmp(n->name, "stack");
	return n->kind == NK_IDENT && n->name &&
	       (!strcmp(n->name, "stackdepth") || !strcmp(n->name, "caller"));
}

void cg_kstack_want(struct cg *cg, const struct cg_clause *clauses, size_t n)
{
	bool reads = false;

	for (size_t i = 0; i < n; i++)
		reads |= ast_any(clauses[i].clause->pred, reads_kstack, NULL) ||
			 ast_any(clauses[i].clause->body, reads_kstack, NULL);
	cg->obj->kstacks = reads;
}
