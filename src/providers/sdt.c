/*
 * The sdt provider: every kernel tracepoint GROUP:EVENT as
 * sdt:GROUP::EVENT.  The list comes from tracefs available_events, read
 * once; a tracepoint's arguments are the fields of its record after the
 * common_* ones, described from its tracefs `format` only when a probe's
 * arguments are needed.  A field loads with its own width and sign; a
 * __data_loc char[] field is a kernel string whose argument is its
 * address; arrays and wider fields read as 0.
 */
#include <errno.h>
#include <string.h>

#include "../codegen/dctx.h"
#include "../codegen/emit.h"
#include "prov.h"

static void add_line(struct probe_table *tab, const char *l, size_t len)
{
	char buf[256], *colon;
	struct probe *p;

	if (len == 0 || len >= sizeof(buf))
		return;
	memcpy(buf, l, len);
	buf[len] = '\0';
	colon = strchr(buf, ':');
	if (!colon || colon == buf || !colon[1])
		return;
	*colon = '\0';
	p = probes_add(tab, &prov_sdt, buf, "", colon + 1);
	*colon = '/';
	p->path = arena_strdup(tab->arena, buf);
}

static int sdt_enumerate(struct probe_table *tab)
{
	const char *ev = tracefs_events(tab);

	if (!ev)
		return 0;	/* no tracefs: no sdt probes */
	while (*ev) {
		const char *e = strchr(ev, '\n');
		size_t len = e ? (size_t)(e - ev) : strlen(ev);

		add_line(tab, ev, len);
		ev += len + (e != NULL);
	}
	return 0;
}

static int sdt_args(struct probe_table *tab, struct probe *p)
{
	struct probe_arg *args;
	int n = tracefs_describe(tab->arena, tracefs_root(tab), p->path, NULL,
				 &args);

	if (n < 0)
		return n;
	p->args = args;
	p->nargs = n;
	return 0;
}

static int sdt_plan(struct probe **probes, size_t n, struct dobj *obj,
		    struct attach_vec *out)
{
	for (size_t i = 0; i < n; i++) {
		struct probe *p = probes[i];
		struct attach *at = prov_attach_new(obj->arena, &prov_sdt,
						    &probes[i], 1,
						    BPF_PROG_TYPE_TRACEPOINT);
		struct probe_arg *args = NULL;
		int nargs;

		at->path = p->path;
		if (p->nargs >= 0) {
			at->args = p->args;
			at->nargs = p->nargs;
		} else {
			/* the attach point keeps its own copy: its arena */
			nargs = tracefs_describe(obj->arena, tracefs_path(),
						 p->path, NULL, &args);
			at->args = args;
			at->nargs = nargs < 0 ? 0 : nargs;
		}
		prov_attach_push(out, at);
	}
	return 0;
}

static void sdt_prologue_args(const struct attach *at, struct emit *e,
			      int nargs)
{
	for (int i = 0; i < nargs && i < DCTX_NARGS; i++) {
		if (i < at->nargs)
			prov_emit_field(e, i, &at->args[i]);
		else
			prov_emit_zero_args(e, i, i + 1);
	}
}

/* as Oracle's sdt provider: tracepoints are the kernel's private interface */
static const struct prov_attrs sdt_attrs = {
	.provider = { STAB_EVOLVING, STAB_EVOLVING, CLS_ISA },
	.mod = { STAB_PRIVATE, STAB_PRIVATE, CLS_UNKNOWN },
	.func = { STAB_PRIVATE, STAB_PRIVATE, CLS_UNKNOWN },
	.name = { STAB_PRIVATE, STAB_PRIVATE, CLS_ISA },
	.args = { STAB_PRIVATE, STAB_PRIVATE, CLS_ISA },
};

const struct provider prov_sdt = {
	.name = "sdt",
	.attrs = &sdt_attrs,
	.enumerate = sdt_enumerate,
	.args = sdt_args,
	.plan = sdt_plan,
	.prologue_prid = prov_emit_const_prid,
	.prologue_args = sdt_prologue_args,
	.attach = prov_tp_attach,
};
