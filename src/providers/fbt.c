/*
 * The fbt provider: fbt:MODULE:FUNCTION:entry and :return for every
 * kernel function the kernel's BTF describes (module "vmlinux" for the
 * core kernel); a glob is narrowed to available_filter_functions where
 * tracefs lets it be read (the functions the kernel lets be traced).
 * Over 100,000 probes: the provider is lazy, and makes only the probes
 * a description names (probes.c, fbt_provide).
 *
 * Arguments come from the function's BTF prototype: at entry arg0 ..
 * argN are the arguments as passed (whole registers) and args[] are
 * typed; at return arg1 and args[1] are the return value (args[1] of
 * the function's return type, absent for a void function) and arg0 is
 * -1, as in Oracle's DTrace for Linux: neither fexit nor a kretprobe
 * can tell which return instruction was taken.
 *
 * How the probes of one kind (entry or return) are attached:
 * - a few functions (FBT_FENTRY_MAX): fentry/fexit where the kernel
 *   loads such a program on the function, one program each;
 * - otherwise, or where fentry is refused: one kprobe program for all
 *   of them, told apart by its cookie (the probe id), on one
 *   kprobe_multi link for the core kernel's functions where the kernel
 *   has them (fprobe, Linux 5.18), else on a kprobe perf event each;
 * - a kernel with neither kprobes nor fentry: the plan says why, and
 *   enabling fails with that one line.
 * BDTRACE_FBT=kprobe or =fentry in the environment forces one way (the
 * tests use it to try each where the kernel has both).
 */
#define _GNU_SOURCE
#include <bpf/btf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../codegen/dctx.h"
#include "../codegen/emit.h"
#include "../lib/kbtf.h"
#include "prov.h"

/* at most this many functions of a kind get a fentry program each */
#define FBT_FENTRY_MAX	8

enum fbt_mech { FBT_FENTRY, FBT_KPROBE, FBT_MULTI };

/*
 * at->data: the mechanism, whether return, and for fexit the slot of
 * the return value (after the arguments') or FBT_VOID
 */
#define FBT_DATA(m, ret, slots) \
	((uint64_t)(m) | (uint64_t)(ret) << 8 | (uint64_t)(slots) << 16)
#define FBT_MECH(at)	((enum fbt_mech)((at)->data & 0xff))
#define FBT_RET(at)	(((at)->data >> 8) & 1)
#define FBT_SLOTS(at)	((int)((at)->data >> 16))
#define FBT_VOID	0xffff

static const char *const fbt_names[] = { "entry", "return", NULL };

/* ---- the function list ------------------------------------------- */

/* available_filter_functions, one entry per line: "name" or "name [mod]" */
struct ffent {
	const char *name, *mod;
};

static int ffent_cmp(const void *a, const void *b)
{
	const struct ffent *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c ? c : strcmp(x->mod, y->mod);
}

/* one kernel function with BTF, and its probes once provided */
struct fbt_fn {
	const char *name;	/* in its module's BTF */
	uint32_t id;		/* its BTF_KIND_FUNC there */
	uint32_t mod;		/* index in fbt_state.mods */
	struct probe *probe[2];	/* entry, return */
};

/* what fbt keeps in the probe table (its pstate slot) */
struct fbt_state {
	VEC(struct fbt_fn) fns;		/* by name, then module */
	VEC(const char *) mods;		/* "vmlinux", then kbtf's names */
	VEC(struct ffent) ff;		/* sorted; empty if unreadable */
	char *ffbuf;
	bool ff_read;
};

static int fn_cmp(const void *a, const void *b)
{
	const struct fbt_fn *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c ? c : (x->mod > y->mod) - (x->mod < y->mod);
}

/* the traceable functions, if tracefs lets them be read (else none) */
static void ff_load(struct probe_table *tab, struct fbt_state *st)
{
	const char *root = tracefs_root(tab);
	char *l, *e;

	if (st->ff_read)
		return;
	st->ff_read = true;
	if (!root || tracefs_read(tab->arena, root,
				  "available_filter_functions", &st->ffbuf))
		return;
	for (l = st->ffbuf; *l; l = e) {
		struct ffent f = { l, "vmlinux" };
		char *sp, *rb;

		e = strchrnul(l, '\n');
		if (*e)
			*e++ = '\0';
		if ((sp = strchr(l, ' '))) {
			*sp = '\0';
			if (sp[1] == '[' && (rb = strchr(sp + 2, ']'))) {
				*rb = '\0';
				f.mod = sp + 2;
			}
		}
		if (*l)
			vec_push(&st->ff, f);
	}
	if (st->ff.len)
		qsort(st->ff.data, st->ff.len, sizeof(*st->ff.data), ffent_cmp);
}

static bool ff_has(const struct fbt_state *st, const struct fbt_fn *fn)
{
	struct ffent key = { fn->name, st->mods.data[fn->mod] };

	return bsearch(&key, st->ff.data, st->ff.len, sizeof(*st->ff.data),
		       ffent_cmp) != NULL;
}

/* one function of a module's BTF (kbtf_each) */
static void add_fn(void *arg, const char *mod, const char *name, uint32_t id)
{
	struct fbt_state *st = arg;

	if (!st->mods.len || strcmp(vec_last(&st->mods), mod))
		vec_push(&st->mods, mod);
	vec_push(&st->fns, ((struct fbt_fn){ name, id,
					     (uint32_t)st->mods.len - 1,
					     { NULL, NULL } }));
}

static void fbt_release(void *state)
{
	struct fbt_state *st = state;

	vec_free(&st->fns);
	vec_free(&st->mods);
	vec_free(&st->ff);
	free(st);
}

/* the function list, read from BTF on first use; NULL without BTF */
static struct fbt_state *fbt_state(struct probe_table *tab)
{
	void **slot = probes_state(tab, &prov_fbt);
	struct fbt_state *st;
	size_t k = 0;

	if (!slot)
		return NULL;
	if (*slot)
		return *slot;
	if (!kbtf_vmlinux(probes_kbtf(tab)))
		return NULL;	/* no BTF: no prototypes, no fbt probes */
	st = *slot = xcalloc(1, sizeof(*st));
	kbtf_each(probes_kbtf(tab), BTF_KIND_FUNC, add_fn, st);
	if (st->fns.len)
		qsort(st->fns.data, st->fns.len, sizeof(*st->fns.data),
		      fn_cmp);
	/* a name twice in one module (static functions): the first */
	for (size_t i = 0; i < st->fns.len; i++)
		if (!k || fn_cmp(&st->fns.data[i], &st->fns.data[k - 1]))
			st->fns.data[k++] = st->fns.data[i];
	st->fns.len = k;
	return st;
}

static void provide_fn(struct probe_table *tab, struct fbt_state *st,
		       struct fbt_fn *fn, const char *name)
{
	for (int r = 0; r < 2; r++) {
		struct probe *p;

		if (fn->probe[r] || !probes_gmatch(fbt_names[r], name))
			continue;
		/* the name copied: the BTF may be freed while tracing */
		p = probes_add(tab, &prov_fbt, st->mods.data[fn->mod],
			       arena_strdup(tab->arena, fn->name),
			       fbt_names[r]);
		p->data = fn->id;
		fn->probe[r] = p;
	}
}

/* an empty field is a glob too: it names every function */
static bool is_glob(const char *s)
{
	return !s || !*s || probes_is_glob(s);
}

/*
 * The probes a description names.  A function named exactly is looked
 * up in BTF alone; a glob is matched against the functions the kernel
 * lets be traced too (available_filter_functions: reading it costs a
 * noticeable part of a second on a slow machine).
 */
static void fbt_provide(struct probe_table *tab, const char *mod,
			const char *func, const char *name)
{
	struct fbt_state *st = fbt_state(tab);
	size_t lo = 0, hi;

	if (!st)
		return;
	hi = st->fns.len;
	if (!is_glob(func)) {
		struct fbt_fn key = { func, 0, 0, { NULL } };

		while (lo < hi) {	/* the first of that name */
			size_t mid = lo + (hi - lo) / 2;

			if (strcmp(st->fns.data[mid].name, func) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (; lo < st->fns.len &&
		       !strcmp(st->fns.data[lo].name, key.name); lo++)
			if (probes_gmatch(st->mods.data[st->fns.data[lo].mod],
					  mod))
				provide_fn(tab, st, &st->fns.data[lo], name);
		return;
	}
	ff_load(tab, st);
	for (size_t i = 0; i < st->fns.len; i++) {
		struct fbt_fn *fn = &st->fns.data[i];

		if (probes_gmatch(fn->name, func) &&
		    probes_gmatch(st->mods.data[fn->mod], mod) &&
		    (!st->ff.len || ff_has(st, fn)))
			provide_fn(tab, st, fn, name);
	}
}

static int fbt_enumerate(struct probe_table *tab)
{
	fbt_provide(tab, NULL, NULL, NULL);
	return 0;
}

/* ---- arguments ----------------------------------------------------- */

static bool is_return(const struct probe *p)
{
	return p->name[0] == 'r';
}

/* the function's prototype in its module's BTF, or NULL */
static const struct btf_type *fn_proto(struct probe_table *tab,
				       const struct probe *p,
				       const struct btf **btfp)
{
	const struct btf *btf = kbtf_module(probes_kbtf(tab), p->mod);
	const struct btf_type *t;

	if (!btf || !(t = btf__type_by_id(btf, (uint32_t)p->data)) ||
	    !btf_is_func(t))
		return NULL;
	*btfp = btf;
	t = btf__type_by_id(btf, t->type);
	return t && btf_is_func_proto(t) ? t : NULL;
}

/* argument registers (8-byte slots) a parameter of type id takes */
static int param_slots(const struct btf *btf, uint32_t id)
{
	int64_t size = btf__resolve_size(btf, id);

	return size > 8 ? 2 : 1;
}

/* the slots of every parameter; "..." (type 0) takes none */
static int proto_slots(const struct btf *btf, const struct btf_type *proto)
{
	const struct btf_param *pa = btf_params(proto);
	int slots = 0;

	for (int i = 0; i < btf_vlen(proto); i++)
		if (pa[i].type)
			slots += param_slots(btf, pa[i].type);
	return slots;
}

static void describe(struct arena *a, const struct btf *btf, uint32_t type,
		     const char *name, uint32_t slot, struct probe_arg *out)
{
	out->name = name && *name ? arena_strdup(a, name) : NULL;
	out->type = prov_btf_type_text(a, btf, type);
	out->offset = slot;
	out->size = prov_btf_scalar(btf, type, &out->is_signed);
	if (out->size == 0 || out->size > 8)
		out->size = 8;
}

static int fbt_args(struct probe_table *tab, struct probe *p)
{
	const struct btf *btf;
	const struct btf_type *proto = fn_proto(tab, p, &btf);
	const struct btf_param *pa;
	struct probe_arg *args;
	int n = 0, slot = 0;

	if (!proto)
		return -ENOENT;
	pa = btf_params(proto);
	if (is_return(p)) {
		args = arena_alloc(tab->arena, 2 * sizeof(*args));
		args[0].type = "uint64_t";
		args[0].size = 8;
		n = 1;
		if (proto->type)
			describe(tab->arena, btf, proto->type, NULL, 0,
				 &args[n++]);
	} else {
		args = arena_alloc(tab->arena,
				   (btf_vlen(proto) + 1) * sizeof(*args));
		for (int i = 0; i < btf_vlen(proto) && pa[i].type; i++) {
			describe(tab->arena, btf, pa[i].type,
				 btf__name_by_offset(btf, pa[i].name_off),
				 (uint32_t)slot, &args[n++]);
			slot += param_slots(btf, pa[i].type);
		}
	}
	p->args = args;
	p->nargs = n;
	return 0;
}

/* ---- planning ------------------------------------------------------ */

/* BDTRACE_FBT: "kprobe" or "fentry" forces that way; NULL: choose */
static const char *forced(void)
{
	const char *f = getenv("BDTRACE_FBT");

	return f && *f ? f : NULL;
}

static struct attach *new_attach(struct dobj *obj, struct probe **pp,
				 size_t n, enum fbt_mech m, bool ret, int slots)
{
	struct attach *at = prov_attach_new(obj->arena, &prov_fbt, pp, n,
					    m == FBT_FENTRY
						    ? BPF_PROG_TYPE_TRACING
						    : BPF_PROG_TYPE_KPROBE);

	at->data = FBT_DATA(m, ret, slots);
	if (m == FBT_MULTI)
		at->attach_type = BPF_TRACE_KPROBE_MULTI;
	return at;
}

/*
 * One fentry (fexit) program on p: its stack() starts after the
 * program's frame and the trampoline's, and at return after the
 * function's own frame too, which the trampoline keeps while it runs
 * (a kretprobe's stack starts at the caller).
 */
static void plan_fentry(struct probe_table *tab, struct probe **pp,
			bool ret, struct dobj *obj, struct attach_vec *out)
{
	struct probe *p = *pp;
	const struct btf *btf;
	const struct btf_type *proto = fn_proto(tab, p, &btf);
	int slots = proto && proto->type ? proto_slots(btf, proto) : FBT_VOID;
	struct attach *at = new_attach(obj, pp, 1, FBT_FENTRY, ret, slots);

	at->attach_type = ret ? BPF_TRACE_FEXIT : BPF_TRACE_FENTRY;
	at->btf_id = (uint32_t)p->data;
	at->btf_mod = p->mod;
	at->kstack_skip = ret ? 3 : 2;
	if (!ret && p->nargs >= 0) {
		at->args = p->args;
		at->nargs = p->nargs;
	}
	prov_attach_push(out, at);
}

/* one kprobe program for the probes, on a perf event each or a multi link */
static void plan_kprobe(struct probe **pp, size_t n, bool ret, bool multi,
			struct dobj *obj, struct attach_vec *out)
{
	struct attach *at = new_attach(obj, pp, n,
				       multi ? FBT_MULTI : FBT_KPROBE, ret, 0);

	/* a single function's argument slots are known */
	if (n == 1 && !ret && pp[0]->nargs >= 0) {
		at->args = pp[0]->args;
		at->nargs = pp[0]->nargs;
	}
	prov_attach_push(out, at);
}

static void plan_unbacked(struct probe **pp, size_t n, bool ret,
			  int kperr, int ferr, struct dobj *obj,
			  struct attach_vec *out)
{
	struct attach *at = new_attach(obj, pp, n, FBT_KPROBE, ret, 0);

	snprintf(at->why, sizeof(at->why),
		 "the kernel has neither kprobes (%s) nor %s (loading a "
		 "program on %s: %s)",
		 kperr == -ENOENT ? "no kprobe event source"
				  : strerror(-kperr),
		 ret ? "fexit" : "fentry", pp[0]->func, strerror(-ferr));
	prov_attach_push(out, at);
}

/* the probes of one kind (entry or return) */
static void plan_kind(struct probe_table *tab, struct probe **probes,
		      size_t n, bool ret, struct dobj *obj,
		      struct attach_vec *out)
{
	VEC(struct probe *) rest = { 0 }, core = { 0 }, mods = { 0 };
	const char *force = forced();
	bool try_fentry = !force || !strcmp(force, "fentry");
	size_t nkind = 0;
	int ferr = -EOPNOTSUPP, kptype;

	for (size_t i = 0; i < n; i++)
		nkind += is_return(probes[i]) == ret;
	for (size_t i = 0; i < n; i++) {
		struct probe *p = probes[i];

		if (is_return(p) != ret)
			continue;
		if (try_fentry && (nkind <= FBT_FENTRY_MAX || force) &&
		    (ferr = kfunc_fentry_try((uint32_t)p->data, p->mod,
					     ret)) == 0)
			plan_fentry(tab, &probes[i], ret, obj, out);
		else
			vec_push(&rest, p);
	}
	kptype = kfunc_kprobe_type();
	if (rest.len && kptype < 0 && try_fentry && ferr == -EOPNOTSUPP)
		ferr = kfunc_fentry_try((uint32_t)rest.data[0]->data,
					rest.data[0]->mod, ret);
	if (rest.len && kptype < 0) {
		plan_unbacked(rest.data, rest.len, ret, kptype, ferr, obj, out);
	} else if (rest.len) {
		bool multi = !force && rest.len > 1 && kfunc_has_multi();

		for (size_t i = 0; i < rest.len; i++) {
			if (multi && !strcmp(rest.data[i]->mod, "vmlinux"))
				vec_push(&core, rest.data[i]);
			else
				vec_push(&mods, rest.data[i]);
		}
		if (core.len)
			plan_kprobe(core.data, core.len, ret, true, obj, out);
		if (mods.len)
			plan_kprobe(mods.data, mods.len, ret, false, obj, out);
	}
	vec_free(&rest);
	vec_free(&core);
	vec_free(&mods);
}

static int fbt_plan(struct probe **probes, size_t n, struct dobj *obj,
		    struct attach_vec *out)
{
	struct probe_table *tab = obj->ptab;

	if (!tab)
		return -EINVAL;
	for (size_t i = 0; i < n; i++)
		if (probes[i]->nargs < 0)
			fbt_args(tab, probes[i]);
	plan_kind(tab, probes, n, false, obj, out);
	plan_kind(tab, probes, n, true, obj, out);
	return 0;
}

/* ---- prologue ------------------------------------------------------ */

static void fbt_prologue_prid(const struct attach *at, struct emit *e,
			      int exit_label)
{
	if (at->nprobes == 1) {
		prov_emit_const_prid(at, e, exit_label);
		return;
	}
	/* the link gave each function's probe id as its cookie */
	prov_emit_cookie_prid(e);
}

/* the argument in register slot `slot` of a kprobe's registers */
static void kprobe_slot(struct emit *e, int i, uint32_t slot)
{
	if (slot < KFUNC_NREGS) {
		emit(e, I_LDX_MEM(BPF_DW, R1, R6, kfunc_arg_regs[slot]));
		emit(e, I_STX_MEM(BPF_DW, REG_DCTX, R1, prov_argoff(i)));
		return;
	}
	/* past the registers: on the stack, above the return address */
	emit(e, I_LDX_MEM(BPF_DW, R3, R6, KFUNC_REGS_SP));
	emit(e, I_ALU64_IMM(BPF_ADD, R3, 8 * (int32_t)(slot - KFUNC_NREGS + 1)));
	emit(e, I_MOV64_REG(R1, REG_DCTX));
	emit(e, I_ALU64_IMM(BPF_ADD, R1, prov_argoff(i)));
	emit(e, I_MOV64_IMM(R2, 8));
	emit(e, I_CALL(BPF_FUNC_probe_read_kernel));
}

static void fbt_prologue_args(const struct attach *at, struct emit *e,
			      int nargs)
{
	int i = 0;

	if (FBT_RET(at)) {
		/* arg0: no return offset to give; arg1: the value */
		if (nargs > 0)
			emit(e, I_ST_MEM(BPF_DW, REG_DCTX, prov_argoff(0), -1));
		if (nargs > 1 && FBT_MECH(at) == FBT_FENTRY &&
		    FBT_SLOTS(at) == FBT_VOID) {
			emit(e, I_ST_MEM(BPF_DW, REG_DCTX, prov_argoff(1), 0));
		} else if (nargs > 1) {
			if (FBT_MECH(at) == FBT_FENTRY)
				emit(e, I_LDX_MEM(BPF_DW, R1, R6,
						  8 * FBT_SLOTS(at)));
			else
				emit(e, I_LDX_MEM(BPF_DW, R1, R6,
						  KFUNC_REGS_AX));
			emit(e, I_STX_MEM(BPF_DW, REG_DCTX, R1,
					  prov_argoff(1)));
		}
		prov_emit_zero_args(e, 2, nargs);
		return;
	}
	if (FBT_MECH(at) == FBT_FENTRY) {
		/* the verifier checks the slots against the prototype */
		for (; i < nargs && i < at->nargs; i++) {
			emit(e, I_LDX_MEM(BPF_DW, R1, R6,
					  8 * (int16_t)at->args[i].offset));
			emit(e, I_STX_MEM(BPF_DW, REG_DCTX, R1,
					  prov_argoff(i)));
		}
		prov_emit_zero_args(e, i, nargs);
		return;
	}
	for (; i < nargs && i < DCTX_NARGS; i++)
		kprobe_slot(e, i, at->nargs > i ? at->args[i].offset
						: (uint32_t)i);
}

static int fbt_attach(struct attach *at, int prog_fd)
{
	switch (FBT_MECH(at)) {
	case FBT_FENTRY:
		return kfunc_tracing_attach(at, prog_fd);
	case FBT_MULTI:
		return kfunc_multi_attach(at, prog_fd, FBT_RET(at));
	default:
		return kfunc_kprobe_attach(at, prog_fd, FBT_RET(at));
	}
}

/*
 * As DTrace's fbt: the function names are the kernel's private
 * implementation, entry and return are evolving and common to all.
 */
static const struct prov_attrs fbt_attrs = {
	.provider = { STAB_EVOLVING, STAB_EVOLVING, CLS_COMMON },
	.mod = { STAB_PRIVATE, STAB_PRIVATE, CLS_UNKNOWN },
	.func = { STAB_PRIVATE, STAB_PRIVATE, CLS_ISA },
	.name = { STAB_EVOLVING, STAB_EVOLVING, CLS_COMMON },
	.args = { STAB_PRIVATE, STAB_PRIVATE, CLS_ISA },
};

const struct provider prov_fbt = {
	.name = "fbt",
	.attrs = &fbt_attrs,
	.lazy = true,
	.names = fbt_names,
	.provide = fbt_provide,
	.release = fbt_release,
	.enumerate = fbt_enumerate,
	.args = fbt_args,
	.plan = fbt_plan,
	.prologue_prid = fbt_prologue_prid,
	.prologue_args = fbt_prologue_args,
	.attach = fbt_attach,
};
