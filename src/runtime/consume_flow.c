/*
 * Two output details of the consumer: tracemem() records, and -F
 * (flowindent), which prints the probe line of each record as
 * dtrace(1M)'s chew() prints it when flow indentation is on, with libdtrace's
 * dt_flowindent() deciding the arrow.  A probe named "entry" or ending
 * in "-entry" is an entry ("-> func", "=> func" for syscall), one named
 * "return" or ending in "-return" a return ("<- func", "<= func");
 * anything else prints "| func:name" at the current depth.  An entry
 * indents what follows on its CPU by two; a return unindents itself.
 *
 * DTrace also leaves the indentation alone for an entry whose previous
 * record came from another clause of the same probe (two clauses on
 * one firing indent once); that heuristic is kept.  Its twin for
 * returns looks ahead in DTrace's per-CPU buffer; one shared ring
 * buffer has no such lookahead, so every return record unindents.
 */
#include "consume.h"

#include <stdlib.h>
#include <string.h>

#include "../codegen/dobj.h"
#include "../providers/provider.h"
#include "fmt.h"
#include "options.h"

enum flow_kind { FLOW_NONE, FLOW_ENTRY, FLOW_RETURN };

/* Is name word, or does it end with "-word"? */
static bool flow_name_is(const char *name, const char *word)
{
	size_t n = strlen(name), w = strlen(word);

	if (n < w || strcmp(name + n - w, word) != 0)
		return false;
	return n == w || name[n - w - 1] == '-';
}

/* The indentation of cpu's records, grown on demand. */
static int *flow_indent(struct consumer *c, uint32_t cpu)
{
	if (cpu >= 65536)
		return NULL;
	if (cpu >= c->flow_ncpu) {
		size_t n = cpu + 1 > 2 * c->flow_ncpu ? cpu + 1 : 2 * c->flow_ncpu;
		int *p = realloc(c->flow_indents, n * sizeof(*p));

		if (!p)
			return NULL;
		memset(p + c->flow_ncpu, 0, (n - c->flow_ncpu) * sizeof(*p));
		c->flow_indents = p;
		c->flow_ncpu = n;
	}
	return &c->flow_indents[cpu];
}

void consume_flow_line(struct consumer *c, const struct rec_hdr *h)
{
	const struct probe *p = c->probes ? probes_get(c->probes, h->prid)
					  : NULL;
	const char *name = p ? p->name : "", *func = p ? p->func : "";
	bool sys = p && p->provname && strcmp(p->provname, "syscall") == 0;
	enum flow_kind kind = FLOW_NONE;
	int zero = 0, *indent = flow_indent(c, h->cpu);

	if (!indent)
		indent = &zero;
	if (!c->heading) {
		fmt_flow_heading(&c->out, !c->testing);
		c->heading = true;
	}
	if (flow_name_is(name, "entry"))
		kind = FLOW_ENTRY;
	else if (flow_name_is(name, "return"))
		kind = FLOW_RETURN;
	/* another clause of the probe that just indented: no new level */
	if (kind == FLOW_ENTRY && c->flow_last_epid &&
	    c->flow_last_epid != h->epid && c->flow_last_prid == h->prid)
		kind = FLOW_NONE;
	if (kind == FLOW_RETURN && *indent > 0)
		*indent -= 2;
	if (kind == FLOW_NONE)
		fmt_flow_line(&c->out, !c->testing, (int)h->cpu, *indent,
			      "| ", func, name);
	else if (kind == FLOW_ENTRY)
		fmt_flow_line(&c->out, !c->testing, (int)h->cpu, *indent,
			      sys ? " => " : " -> ", func, NULL);
	else
		fmt_flow_line(&c->out, !c->testing, (int)h->cpu, *indent,
			      sys ? " <= " : " <- ", func, NULL);
	if (kind == FLOW_ENTRY)
		*indent += 2;
	c->flow_last_epid = h->epid;
	c->flow_last_prid = h->prid;
}

/*
 * tracemem(addr, size[, len]): len bytes (size when len is absent,
 * negative or larger than size; none when it is 0), always as a hex
 * dump, as Oracle's dt_print_tracemem() prints a DTRACEACT_TRACEMEM
 * record (illumos shows all size bytes for a len of 0).
 */
void consume_tracemem(struct consumer *c, const struct dact *a,
		      const void *data)
{
	const struct dval *v = &a->vals[0];
	uint64_t n = v->size;

	if (a->nvals > 1) {
		uint64_t len;

		memcpy(&len, (const char *)data + a->vals[1].offset,
		       sizeof(len));
		if ((int64_t)len >= 0 && len < n)
			n = len;
		if (n == 0)
			return;
	}
	consume_hexdump(c, (const char *)data + v->offset, (size_t)n);
}

void consume_hexdump(struct consumer *c, const void *p, size_t n)
{
	if (consume_xo_on(c)) {
		ofmt_open_instance(&c->xo, "output");
		fmt_xo_tracemem(&c->xo, p, n);
		ofmt_close(&c->xo);
		return;
	}
	fmt_bytes(&c->out, p, n, -33, c->opts->quiet, true, FMT_TEXT_RAW);
}
