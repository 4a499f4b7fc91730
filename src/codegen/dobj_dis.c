/*
 * -S: the compiled programs as text, each headed by the probes it
 * serves, with map loads named.
 */
#include <stdio.h>

#include "../lib/strbuf.h"
#include "../providers/provider.h"
#include "dobj.h"
#include "emit.h"

static const char *map_name(void *arg, int index)
{
	const struct dobj *o = arg;

	if (index < 0 || (size_t)index >= o->maps.len)
		return NULL;
	return o->maps.data[index].name;
}

/*
 * Where a program on a tracepoint runs: the syscall and sdt providers
 * choose between a perf-event tracepoint and a raw one per program.
 */
static void attach_where(struct strbuf *sb, const struct attach *at)
{
	if (!at->path)
		return;
	if (at->prog_type == BPF_PROG_TYPE_TRACEPOINT)
		sb_printf(sb, " (on tracepoint %s)", at->path);
	else if (at->prog_type == BPF_PROG_TYPE_RAW_TRACEPOINT)
		sb_printf(sb, " (on raw tracepoint %s)", at->path);
}

void dobj_disassemble(const struct dobj *o, struct strbuf *sb)
{
	for (size_t i = 0; i < o->progs.len; i++) {
		const struct dprog *p = &o->progs.data[i];
		const struct attach *at = p->at;

		sb_printf(sb, "%s: %zu instructions for", p->name, p->ninsns);
		for (size_t j = 0; j < at->nprobes && j < 4; j++) {
			const struct probe *pr = at->probes[j];

			sb_printf(sb, " %s:%s:%s:%s", pr->provname, pr->mod,
				  pr->func, pr->name);
		}
		if (at->nprobes > 4)
			sb_printf(sb, " and %zu more", at->nprobes - 4);
		attach_where(sb, at);
		if (p->sleepable)
			sb_adds(sb, " (sleepable)");
		sb_adds(sb, "\n");
		dis_prog(sb, p->insns, p->ninsns, map_name, (void *)o);
		sb_adds(sb, "\n");
	}
}
