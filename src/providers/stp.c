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
#include "stp.h"

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

/* the address of a kernel symbol from /proc/kallsyms; 0 if none */
static uint64_t ksym_addr(const char *name)
{
	FILE *f = fopen("/proc/kallsyms", "re");
	char line[512];
	uint64_t addr = 0;

	if (!f)
		return 0;
	while (!addr && fgets(line, sizeof(line), f)) {
		unsigned long long a;
		char type, sym[256];

		if (sscanf(line, "%llx %c %255s", &a, &type, sym) == 3 &&
		    strcmp(sym, name) == 0)
			addr = a;
	}
	fclose(f);
	return addr;
}

/* x with its members' offsets, or NULL if the kernel lacks one */
static const struct stp_rx *resolve(struct arena *a, const struct btf *btf,
				    const struct stp_expr *x, bool *ok)
{
	struct stp_rx *r;

	if (!x || !*ok)
		return NULL;
	r = arena_alloc(a, sizeof(*r));
	r->op = x->op;
	r->imm = x->imm;
	r->a = resolve(a, btf, x->a, ok);
	r->b = resolve(a, btf, x->b, ok);
	r->c = resolve(a, btf, x->c, ok);
	if (x->op == SX_MEMBER &&
	    !stp_btf_member(btf, x->sou, x->path, &r->off, &r->size,
			    &r->is_signed))
		*ok = false;
	if (x->op == SX_KSYM && !(r->imm = (int64_t)ksym_addr(x->path)))
		*ok = false;
	return *ok ? r : NULL;
}

static struct stp_res *resolve_src(struct arena *a, const struct btf *btf,
				   const struct stp_probe *pr,
				   const struct stp_src *src)
{
	struct stp_res *res;
	bool ok = true;

	if (!stp_btf_proto(btf, src->tp, src->proto))
		return NULL;
	res = arena_alloc(a, sizeof(*res));
	res->sp = pr;
	res->src = src;
	res->when = resolve(a, btf, src->when, &ok);
	res->thread = resolve(a, btf, src->thread, &ok);
	for (int i = 0; i < STP_NARGS && pr->args[i].native; i++) {
		res->args[i] = resolve(a, btf, src->args[i], &ok);
		res->nargs = i + 1;
	}
	return ok ? res : NULL;
}

bool stp_usable(struct probe_table *tab, struct probe *p)
{
	const struct stp_probe *pr = &stp_of(p->prov)->probes[p->data];
	const struct btf *btf = kbtf_vmlinux(tab);

	if (!btf)
		return false;
	for (int i = 0; i < STP_NSRC && pr->src[i]; i++) {
		struct stp_res *res = resolve_src(tab->arena, btf, pr,
						  pr->src[i]);

		if (res) {
			p->data = (uint64_t)(uintptr_t)res;
			p->path = pr->src[i]->tp;
			return true;
		}
	}
	return false;
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
		if (a->xlate) {
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

/*
 * One program per probe, on its raw tracepoint, attached in the
 * table's seq order: probes that share a tracepoint fire in that order.
 */
int stp_plan(struct probe **probes, size_t n, struct dobj *obj,
	     struct attach_vec *out)
{
	struct probe **sorted = arena_alloc(obj->arena, sizeof(*sorted) * n);

	memcpy(sorted, probes, sizeof(*sorted) * n);
	qsort(sorted, n, sizeof(*sorted), seq_cmp);
	for (size_t i = 0; i < n; i++) {
		struct attach *at = prov_attach_new(obj->arena, sorted[i]->prov,
						    &sorted[i], 1,
						    BPF_PROG_TYPE_RAW_TRACEPOINT);

		at->path = sorted[i]->path;
		at->other_thread = res_of(sorted[i])->thread != NULL;
		/* the program's own frame; the tracing machinery's are
		 * dropped by name (cg_kskip.c) */
		at->kstack_skip = 1;
		prov_attach_push(out, at);
	}
	return 0;
}

/* leave unless this firing is the probe's; R7 = its id */
void stp_prologue_prid(const struct attach *at, struct emit *e,
		       int exit_label)
{
	const struct stp_res *res = res_of(at->probes[0]);

	if (res->when) {
		stp_emit_expr(e, res->when);
		emit_jmp_imm(e, BPF_JEQ, R0, 0, exit_label);
	}
	emit(e, I_MOV64_IMM(R7, at->probes[0]->id));
}

void stp_prologue_args(const struct attach *at, struct emit *e, int nargs)
{
	const struct stp_res *res = res_of(at->probes[0]);

	if (res->thread) {
		stp_emit_expr(e, res->thread);
		emit(e, I_STX_MEM(BPF_DW, REG_DCTX, R0,
				  offsetof(struct dctx, thread)));
	}
	for (int i = 0; i < nargs && i < DCTX_NARGS; i++) {
		if (i >= res->nargs || !res->args[i]) {
			prov_emit_zero_args(e, i, i + 1);
			continue;
		}
		stp_emit_expr(e, res->args[i]);
		emit(e, I_STX_MEM(BPF_DW, REG_DCTX, R0, prov_argoff(i)));
	}
}
