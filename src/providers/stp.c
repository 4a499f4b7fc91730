/*
 * The hooks every stable provider shares (the tables are in proc.c,
 * sched.c ...; the layer is described in stp.h).  Probes are listed
 * from the table at start-up without looking at the kernel; whether the
 * running kernel backs one is decided when a description first names it
 * (stp_usable), by finding the first of its sources whose tracepoint,
 * prototype and structure members the kernel's BTF has.  That choice
 * is kept in the probe (p->data), for the program's prologue.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../codegen/dctx.h"
#include "../codegen/emit.h"
#include "../lib/kbtf.h"
#include "../lib/strbuf.h"
#include "stp.h"
#include "../lib/btf_path.h"

const struct prov_attrs stp_attrs = {
	.provider = { STAB_EVOLVING, STAB_EVOLVING, CLS_ISA },
	.mod = { STAB_PRIVATE, STAB_PRIVATE, CLS_UNKNOWN },
	.func = { STAB_PRIVATE, STAB_PRIVATE, CLS_UNKNOWN },
	.name = { STAB_EVOLVING, STAB_EVOLVING, CLS_ISA },
	.args = { STAB_EVOLVING, STAB_EVOLVING, CLS_ISA },
};

static const struct stp_provider *stp_of(const struct provider *prov)
{
	return (const struct stp_provider *)prov;
}

int stp_enumerate(struct probe_table *tab, const struct stp_provider *sp)
{
	for (size_t i = 0; i < sp->nprobes; i++) {
		struct probe *p = probes_add(tab, &sp->prov, "vmlinux", "",
					     sp->probes[i].name);

		p->data = i;
	}
	return 0;
}

bool stp_has_name(const struct provider *prov, struct probe_table *tab,
		  const char *name)
{
	const struct stp_provider *sp = stp_of(prov);

	for (size_t i = 0; i < sp->nprobes; i++)
		if (probes_gmatch(sp->probes[i].name, name))
			return true;
	return false;
}

/* what resolving a probe's sources needs, and the symbols it found */
struct rctx {
	struct arena *a;
	const struct btf *btf;
	const struct stp_src *src;	/* the source being resolved */
	struct probe_table *tab;	/* its kernel symbols (ksym_addr) */
};

/* a kernel symbol's address (0: none), as looked up once for the table */
struct ksym_memo {
	const char *name;
	uint64_t addr;
	struct ksym_memo *next;
};

/*
 * The address of a kernel symbol from /proc/kallsyms; 0 if none.  A
 * scan costs a tenth of a second here and seconds in an emulated guest
 * (the kernel formats every line): each symbol is scanned for once per
 * probe table, whichever probes name it.  Only the name column of each
 * line is compared; the address is parsed for the line that matches.
 */
static uint64_t ksym_addr(struct rctx *c, const char *name)
{
	struct ksym_memo *m;
	FILE *f;
	char line[512];
	uint64_t addr = 0;
	size_t len = strlen(name);

	for (m = c->tab->ksyms; m; m = m->next)
		if (strcmp(m->name, name) == 0)
			return m->addr;
	if ((f = fopen("/proc/kallsyms", "re"))) {
		/* "ADDR T NAME[\t[MODULE]]\n" */
		while (!addr && fgets(line, sizeof(line), f)) {
			const char *sym = strchr(line, ' ');

			sym = sym ? strchr(sym + 1, ' ') : NULL;
			if (sym && strncmp(sym + 1, name, len) == 0 &&
			    strchr("\t\n", sym[1 + len]) && sym[1 + len])
				addr = strtoull(line, NULL, 16);
		}
		fclose(f);
	}
	m = arena_alloc(c->a, sizeof(*m));
	*m = (struct ksym_memo){ name, addr, c->tab->ksyms };
	c->tab->ksyms = m;
	return addr;
}

/* x with its members' offsets, or NULL if the kernel lacks one */
static const struct stp_rx *resolve(struct rctx *c, const struct stp_expr *x,
				    bool *ok)
{
	struct stp_rx *r;

	if (!x || !*ok)
		return NULL;
	if (x->op == SX_ALT) {
		bool first = true;
		const struct stp_rx *ra = resolve(c, x->a, &first);

		return first ? ra : resolve(c, x->b, ok);
	}
	r = arena_alloc(c->a, sizeof(*r));
	r->op = x->op;
	r->imm = x->imm;
	r->a = resolve(c, x->a, ok);
	r->b = resolve(c, x->b, ok);
	r->c = resolve(c, x->c, ok);
	if (x->op == SX_MEMBER &&
	    !stp_btf_member(c->btf, x->sou, x->path, &r->off, &r->size,
			    &r->is_signed))
		*ok = false;
	if (x->op == SX_LOAD) {		/* a member of no type */
		r->op = SX_MEMBER;
		r->off = 0;
		r->size = (uint8_t)x->imm;
	}
	if (x->op == SX_OFFSETOF) {	/* a constant */
		int off = btfp_offsetof(c->btf, x->sou, x->path);

		if (off < 0)
			*ok = false;
		r->off = off < 0 ? 0 : (uint32_t)off;
		r->op = SX_IMM;
		r->imm = r->off;
	}
	if (x->op == SX_RAW && c->src->fn[0]) {	/* a kprobe's register */
		r->op = SX_CTX;
		if (c->src->ret)
			r->imm = x->imm ? -1 : KFUNC_REGS_AX;
		else
			r->imm = x->imm < KFUNC_NREGS ?
				 kfunc_arg_regs[x->imm] : -1;
		if (r->imm < 0)
			*ok = false;
	}
	if (x->op == SX_KSYM && !(r->imm = (int64_t)ksym_addr(c, x->path)))
		*ok = false;
	if (x->op == SX_ENUM) {		/* a constant */
		r->op = SX_IMM;
		if (!stp_btf_enum(c->btf, x->path, &r->imm))
			*ok = false;
	}
	return *ok ? r : NULL;
}

static void resolve_all(struct rctx *c, const struct stp_expr *const *x,
			const struct stp_rx **r, int n, bool *ok)
{
	for (int i = 0; i < n; i++)
		r[i] = resolve(c, x[i], ok);
}

/* src on this kernel: its tracepoint, prototype and members; false if not */
static bool resolve_src(struct rctx *c, const struct stp_src *src,
			struct stp_rsrc *r)
{
	const struct stp_src *outer = c->src;
	bool ok = true;

	for (int i = 0; i < STP_NFN && src->fn[i]; i++)
		if (stp_btf_fn_proto(c->btf, src->fn[i], src->proto)) {
			r->fnidx[r->nfns] = (uint64_t)i;
			r->fns[r->nfns++] = src->fn[i];
		}
	if (src->fn[0] ? !r->nfns : !stp_btf_proto(c->btf, src->tp, src->proto))
		return false;
	r->src = src;
	c->src = src;
	r->when = resolve(c, src->when, &ok);
	r->thread = resolve(c, src->thread, &ok);
	r->key = resolve(c, src->key, &ok);
	resolve_all(c, src->args, r->args, STP_NARGS, &ok);
	resolve_all(c, src->pdata, r->pdata, STP_NPDATA, &ok);
	resolve_all(c, src->put, r->put, STP_NVALS, &ok);
	for (int i = 0; ok && i < STP_NHELPERS && src->helpers[i]; i++) {
		struct stp_rsrc *h = arena_alloc(c->a, sizeof(*h));

		ok = resolve_src(c, src->helpers[i], h);
		r->helpers[i] = h;
	}
	if (ok && src->after) {
		struct stp_rsrc *h = arena_alloc(c->a, sizeof(*h));

		ok = resolve_src(c, src->after, h);
		r->after = h;
	}
	c->src = outer;
	return ok;
}

bool stp_usable(struct probe_table *tab, struct probe *p)
{
	const struct stp_probe *pr = &stp_of(p->prov)->probes[p->data];
	struct rctx c = { .a = tab->arena, .btf = kbtf_vmlinux(probes_kbtf(tab)),
			  .tab = tab };

	if (!c.btf)
		return false;
	for (int i = 0; i < STP_NSRC && pr->src[i]; i++) {
		struct stp_res *res = arena_alloc(tab->arena, sizeof(*res));

		if (resolve_src(&c, pr->src[i], &res->r)) {
			res->sp = pr;
			p->data = (uint64_t)(uintptr_t)res;
			p->path = pr->src[i]->tp ? pr->src[i]->tp
						 : res->r.fns[0];
			return true;
		}
	}
	return false;
}

/* "the sched_exit_tp or sys_exit tracepoint, with ..." */
const char *stp_unbacked(struct probe_table *tab, const struct probe *p)
{
	const struct stp_probe *pr = &stp_of(p->prov)->probes[p->data];
	struct strbuf sb = { 0 };
	const char *s;
	int n = 0;

	/* "the A or B tracepoint", "the function f(), g()" */
	for (int i = 0; i < STP_NSRC && pr->src[i]; i++)
		if (pr->src[i]->tp)
			sb_printf(&sb, "%s%s", n++ ? " or " : "the ",
				  pr->src[i]->tp);
	if (n)
		sb_printf(&sb, " tracepoint");
	for (int i = 0; i < STP_NSRC && pr->src[i]; i++) {
		const struct stp_src *src = pr->src[i];

		for (int f = 0; !src->tp && f < STP_NFN && src->fn[f]; f++)
			sb_printf(&sb, "%s%s()",
				  f ? ", " : n++ ? " or the function "
						 : "the function ",
				  src->fn[f]);
	}
	sb_printf(&sb, " with the arguments and kernel structure members it reads, which the running kernel does not have");
	s = arena_strdup(tab->arena, sb_str(&sb));
	sb_free(&sb);
	return s;
}

static const struct stp_res *res_of(const struct probe *p)
{
	return (const struct stp_res *)(uintptr_t)p->data;
}

/*
 * args[i]: the D expression of argi a clause reads (struct probe_arg
 * expr), and the type -l -v shows.
 */
int stp_args(struct probe_table *tab, struct probe *p)
{
	const struct stp_probe *pr;
	struct probe_arg *args;
	int n = 0;

	if (!probes_usable(tab, p))
		return -ENOENT;
	pr = res_of(p)->sp;
	while (n < STP_NARGS && pr->args[n].native)
		n++;
	args = arena_alloc(tab->arena, sizeof(*args) * (n ? n : 1));
	for (int i = 0; i < n; i++) {
		const struct stp_arg *a = &pr->args[i];

		args[i].size = 8;
		if (a->expr) {
			args[i].type = a->xlate ? a->xlate : a->native;
			args[i].expr = a->expr;
		} else if (a->xlate) {
			args[i].type = a->xlate;
			args[i].expr = arena_printf(tab->arena,
						    "xlate <%s> ((%s)arg%d)",
						    a->xlate, a->native, i);
		} else if (a->user_string) {
			args[i].type = "string";
			args[i].expr = arena_printf(tab->arena,
						    "copyinstr(arg%d)", i);
		} else {
			args[i].type = a->native;
			args[i].expr = arena_printf(tab->arena, "(%s)arg%d",
						    a->native, i);
		}
	}
	p->args = args;
	p->nargs = n;
	return 0;
}

static int seq_cmp(const void *x, const void *y)
{
	const struct probe *a = *(const struct probe *const *)x;
	const struct probe *b = *(const struct probe *const *)y;
	int sa = res_of(a)->sp->seq, sb = res_of(b)->sp->seq;

	if (sa != sb)
		return sa - sb;
	return (a->id > b->id) - (a->id < b->id);
}

/* the dobj index of a provider map, added once per program set */
static int plan_map(struct dobj *obj, const struct stp_map **seen, int *idx,
		    size_t *nseen, const struct stp_map *m)
{
	struct dmap dm = {
		.type = BPF_MAP_TYPE_LRU_HASH, .key_size = 8,
		.value_size = 8 * STP_NVALS,
	};

	if (!m)
		return -1;
	for (size_t i = 0; i < *nseen; i++)
		if (seen[i] == m)
			return idx[i];
	dm.name = m->name;
	dm.max_entries = m->max_entries;
	seen[*nseen] = m;
	idx[*nseen] = dobj_add_map(obj, &dm);
	return idx[(*nseen)++];
}

static struct attach *plan_src(struct dobj *obj, struct probe **pp,
			       const struct stp_rsrc *r, int map,
			       const struct provider *prov,
			       const struct probe *owner)
{
	bool fn = r->src->fn[0] != NULL;
	struct attach *at = prov_attach_new(obj->arena, prov, pp, pp ? 1 : 0,
					    fn ? BPF_PROG_TYPE_KPROBE
					       : BPF_PROG_TYPE_RAW_TRACEPOINT);
	int kperr;

	at->path = fn ? r->fns[0] : r->src->tp;
	at->data = (uint64_t)(uintptr_t)r;
	at->map = map;
	at->owner = owner;
	/* the program's own frame; the tracing machinery's are dropped
	 * by name (cg_kskip.c).  A kprobe's stack starts at the function */
	at->kstack_skip = fn ? 0 : 1;
	if (fn && (kperr = kfunc_kprobe_type()) < 0)
		snprintf(at->why, sizeof(at->why),
			 "tracing %s() needs kprobes, and the kernel has no "
			 "kprobe event source (%s)", r->fns[0],
			 kperr == -ENOENT ? "no kprobe PMU in sysfs"
					  : strerror(-kperr));
	at->other_thread = r->thread != NULL;
	at->keeps_state = r->src->map && (r->put[0] || r->src->del);
	return at;
}

/* a helper's attach point, unless an earlier probe already has it */
static void plan_helper(struct dobj *obj, const struct stp_rsrc *h,
			const struct stp_src **done, size_t *ndone,
			const struct stp_map **seen, int *idx, size_t *nseen,
			const struct probe *owner, struct attach_vec *out)
{
	for (size_t i = 0; i < *ndone; i++)
		if (done[i] == h->src)
			return;
	done[(*ndone)++] = h->src;
	prov_attach_push(out, plan_src(obj, NULL, h,
				       plan_map(obj, seen, idx, nseen,
						h->src->map), owner->prov,
				       owner));
}

/*
 * One program per probe, on its raw tracepoint, attached in the
 * table's seq order (probes that share a tracepoint fire in that
 * order); the programs that keep state for them before, and those that
 * clean it up after, each once.
 */
int stp_plan(struct probe **probes, size_t n, struct dobj *obj,
	     struct attach_vec *out)
{
	struct probe **sorted = arena_alloc(obj->arena, sizeof(*sorted) * n);
	size_t nmaps = 0, ndone = 0, cap = n * (STP_NHELPERS + 2);
	const struct stp_map **seen = arena_alloc(obj->arena,
						  sizeof(*seen) * cap);
	const struct stp_src **done = arena_alloc(obj->arena,
						  sizeof(*done) * cap);
	int *idx = arena_alloc(obj->arena, sizeof(*idx) * cap);

	memcpy(sorted, probes, sizeof(*sorted) * n);
	qsort(sorted, n, sizeof(*sorted), seq_cmp);
	for (size_t i = 0; i < n; i++) {
		const struct stp_rsrc *r = &res_of(sorted[i])->r;

		for (int h = 0; h < STP_NHELPERS && r->helpers[h]; h++)
			plan_helper(obj, r->helpers[h], done, &ndone, seen,
				    idx, &nmaps, sorted[i], out);
	}
	for (size_t i = 0; i < n; i++) {
		const struct stp_rsrc *r = &res_of(sorted[i])->r;

		prov_attach_push(out, plan_src(obj, &sorted[i], r,
			plan_map(obj, seen, idx, &nmaps, r->src->map),
			sorted[i]->prov, NULL));
	}
	for (size_t i = 0; i < n; i++) {
		const struct stp_rsrc *r = &res_of(sorted[i])->r;

		if (r->after)
			plan_helper(obj, r->after, done, &ndone, seen, idx,
				    &nmaps, sorted[i], out);
	}
	return 0;
}

static const struct stp_rsrc *rsrc_of(const struct attach *at)
{
	return (const struct stp_rsrc *)(uintptr_t)at->data;
}

/* the source's state: map[key] = put, or the entry deleted */
static void emit_state(const struct attach *at, struct emit *e)
{
	const struct stp_rsrc *r = rsrc_of(at);

	if (at->map < 0 || !r->key)
		return;
	if (r->put[0])
		stp_emit_store(e, at->map, r->key, r->put);
	if (r->src->del)
		stp_emit_store(e, at->map, r->key, NULL);
}

/*
 * Leave unless this firing is the probe's; R7 = its id.  A program that
 * only keeps state for another probe does it here, and has no clause.
 */
void stp_prologue_prid(const struct attach *at, struct emit *e,
		       int exit_label)
{
	const struct stp_rsrc *r = rsrc_of(at);

	if (r->when) {
		stp_emit_expr(e, r->when, at->map);
		emit_jmp_imm(e, BPF_JEQ, R0, 0, exit_label);
	}
	if (at->nprobes == 0) {
		emit_state(at, e);
		emit(e, I_MOV64_IMM(R7, 0));
		return;
	}
	emit(e, I_MOV64_IMM(R7, at->probes[0]->id));
}

/* the thread, pdata, the arguments the clauses read, then the state */
void stp_prologue_args(const struct attach *at, struct emit *e, int nargs)
{
	const struct stp_rsrc *r = rsrc_of(at);

	if (r->thread) {
		stp_emit_expr(e, r->thread, at->map);
		emit(e, I_STX_MEM(BPF_DW, REG_DCTX, R0,
				  offsetof(struct dctx, thread)));
	}
	for (int i = 0; nargs && i < STP_NPDATA; i++) {
		if (!r->pdata[i])
			continue;
		stp_emit_expr(e, r->pdata[i], at->map);
		emit(e, I_STX_MEM(BPF_DW, REG_DCTX, R0,
				  offsetof(struct dctx, pdata) + 8 * i));
	}
	for (int i = 0; i < nargs && i < DCTX_NARGS; i++) {
		if (i >= STP_NARGS || !r->args[i]) {
			prov_emit_zero_args(e, i, i + 1);
			continue;
		}
		stp_emit_expr(e, r->args[i], at->map);
		emit(e, I_STX_MEM(BPF_DW, REG_DCTX, R0, prov_argoff(i)));
	}
	emit_state(at, e);
}

/* a tracepoint's raw tracepoint, or a kprobe on each of the functions */
int stp_attach(struct attach *at, int prog_fd)
{
	const struct stp_rsrc *r = rsrc_of(at);

	if (!r->src->fn[0])
		return prov_raw_tp_attach(at, prog_fd);
	/* each function's cookie is its index (X_FN) */
	return kfunc_kprobe_attach_syms(at, prog_fd, r->fns, r->fnidx,
					(size_t)r->nfns, r->src->ret);
}
