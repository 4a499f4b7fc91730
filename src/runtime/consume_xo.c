/*
 * The consumer's structured output (-x oformat): the document
 * {"dtrace": {"probes": [...]}} that FreeBSD's DTrace writes, one
 * element of "probes" per record (the firing's CPU, probe and an
 * "output" list with one object per action), and the pseudo-probes
 * dtrace:INTERNAL:INTERNAL:DROP (drops), ...:ERROR (faults) and
 * ...:AGGREGATIONS (the aggregations listed at exit).  The values
 * themselves are formatted by fmt_xo.c; docs/oformat.md is the schema.
 */
#include "consume.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "../codegen/dobj.h"
#include "../providers/provider.h"
#include "fmt.h"
#include "options.h"

bool consume_xo_on(const struct consumer *c)
{
	return c->xo.style != OFMT_TEXT;
}

void consume_xo_begin(struct consumer *c)
{
	if (!consume_xo_on(c) || c->xo.begun)
		return;
	ofmt_begin(&c->xo);
	ofmt_open_container(&c->xo, "dtrace");
	ofmt_open_list(&c->xo, "probes");
}

void consume_xo_end(struct consumer *c)
{
	if (consume_xo_on(c))
		ofmt_end(&c->xo);
}

/* When the output was written: seconds since the epoch, to the ns. */
static void timestamp(struct ofmt *o)
{
	struct timespec ts;
	char b[40];

	clock_gettime(CLOCK_REALTIME, &ts);
	snprintf(b, sizeof(b), "%lld.%09ld", (long long)ts.tv_sec, ts.tv_nsec);
	ofmt_number(o, "timestamp", b);
}

/* A probe's object: when, where, which probe; then its "output" list. */
static void open_probe(struct consumer *c, int cpu, int64_t id,
		       const char *prov, const char *mod, const char *func,
		       const char *name)
{
	struct ofmt *o = &c->xo;

	consume_xo_begin(c);
	ofmt_open_instance(o, "probes");
	timestamp(o);
	ofmt_int(o, "cpu", cpu);
	ofmt_int(o, "id", id);
	ofmt_str(o, "provider", prov);
	ofmt_str(o, "module", mod);
	ofmt_str(o, "function", func);
	ofmt_str(o, "name", name);
}

/*
 * A firing's object.  Its provider is the firing process's when a
 * program over every process that maps a file fired it (the record's
 * process id, rec_body_off()), as probeprov is.
 */
void consume_xo_probe(struct consumer *c, const struct rec_hdr *h,
		      const void *data, size_t size)
{
	const struct probe *p = c->probes ? probes_get(c->probes, h->prid)
					  : NULL;
	uint32_t pid = 0;
	char prov[64];

	if (size >= rec_body_off(true))
		memcpy(&pid, (const char *)data + sizeof(*h), sizeof(pid));
	open_probe(c, (int)h->cpu, h->prid, p ? uwide_provname(p, pid != 0,
		   (int)pid, prov, sizeof(prov)) : "",
		   p ? p->mod : "", p ? p->func : "", p ? p->name : "");
	ofmt_open_list(&c->xo, "output");
}

void consume_xo_probe_end(struct consumer *c)
{
	ofmt_close(&c->xo);	/* output */
	ofmt_close(&c->xo);	/* the probe */
}

/* dtrace's own events, as FreeBSD reports drops: dtrace:INTERNAL:... */
static void open_internal(struct consumer *c, int cpu, const char *name)
{
	open_probe(c, cpu, -1, "dtrace", "INTERNAL", "INTERNAL", name);
}

void consume_xo_aggs_begin(struct consumer *c)
{
	open_internal(c, -1, "AGGREGATIONS");
	ofmt_open_list(&c->xo, "output");
}

void consume_xo_drop(struct consumer *c, int cpu, int kind, uint64_t count,
		     uint64_t total, const char *msg)
{
	if (!consume_xo_on(c))
		return;
	open_internal(c, cpu, "DROP");
	ofmt_uint(&c->xo, "count", count);
	ofmt_uint(&c->xo, "total", total);
	ofmt_int(&c->xo, "kind", kind);
	ofmt_str(&c->xo, "msg", msg);
	ofmt_close(&c->xo);
}

void consume_xo_fault(struct consumer *c, const struct rec_hdr *h,
		      const struct rec_fault *f, const char *fault,
		      const char *msg)
{
	const struct probe *p = c->probes ? probes_get(c->probes, h->prid)
					  : NULL;
	struct ofmt *o = &c->xo;
	char b[40];

	open_internal(c, (int)h->cpu, "ERROR");
	ofmt_uint(o, "epid", f->epid);
	ofmt_uint(o, "probe-id", h->prid);
	snprintf(b, sizeof(b), "0x%llx", (unsigned long long)f->addr);
	if (p) {
		struct strbuf sb = { 0 };
		char prov[64];

		sb_printf(&sb, "%s:%s:%s:%s", uwide_provname(p, f->pid != 0,
			  (int)f->pid, prov, sizeof(prov)), p->mod, p->func,
			  p->name);
		ofmt_str(o, "probe", sb_str(&sb));
		sb_free(&sb);
	}
	ofmt_str(o, "fault", fault);
	ofmt_uint(o, "fault-code", f->fault);
	ofmt_uint(o, "action", f->action);
	ofmt_int(o, "offset", f->pc == REC_FAULT_NOPC ? -1 : (int64_t)f->pc);
	ofmt_str(o, "address", b);
	ofmt_str(o, "msg", msg);
	ofmt_close(o);
}

/* printf(): its text, then each argument's value as trace() gives it. */
static void xo_printf(struct consumer *c, const struct dact *a,
		      const struct fmt *f, const void *data)
{
	struct strbuf sb = { 0 };

	fmt_printf_syms(&sb, f, a->vals, a->nvals, data, c->syms);
	ofmt_open_instance(&c->xo, "output");
	ofmt_str(&c->xo, "message", sb_str(&sb));
	ofmt_close(&c->xo);
	sb_free(&sb);
	for (int i = 0; i < a->nvals; i++) {
		ofmt_open_instance(&c->xo, "output");
		fmt_xo_datum(&c->xo, &a->vals[i], data, c->syms);
		ofmt_close(&c->xo);
	}
}

void consume_xo_action(struct consumer *c, const struct dact *a,
		       const struct fmt *f, const void *data)
{
	struct ofmt *o = &c->xo;

	switch (a->kind) {
	case DACT_TRACE:
		ofmt_open_instance(o, "output");
		fmt_xo_datum(o, &a->vals[0], data, c->syms);
		ofmt_close(o);
		break;
	case DACT_PRINTF:
		xo_printf(c, a, f, data);
		break;
	default:
		break;
	}
}
