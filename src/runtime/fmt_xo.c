/*
 * Recorded values as structured output (-x oformat): the same bytes the
 * text formatters read, described to the emitter (ofmt.h) in the layout
 * of FreeBSD's DTrace (its dtrace(1), "STRUCTURED OUTPUT"), which
 * docs/oformat.md gives in full:
 *
 *	trace(), printf() arguments, keys	{"value": ...}
 *	stack(), ustack()			{"stack-frames": [{"symbol",
 *						  "module", "name", "offset"}]}
 *	sym(), func()				{"sym", "object", "name"}
 *	mod() usym() umod() uaddr() tracemem()	{"NAME": ...}
 *	aggregations				{"aggregation-name",
 *						 "aggregation-data": [...]}
 *
 * Symbols and histogram rows come from the text formatters' own
 * functions (fmt_sym.c, fmt_agg.c), so both outputs always agree.  Pure:
 * bytes in, emitter calls out.
 */
#include "fmt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ofmt.h"

static uint64_t word(const void *data, uint32_t off)
{
	uint64_t v;

	memcpy(&v, (const char *)data + off, sizeof(v));
	return v;
}

static void hex(struct strbuf *sb, const unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		sb_printf(sb, "%02x", p[i]);
}

/* One frame: "symbol" as text output shows it, then its parts. */
static void xo_frame(struct ofmt *o, const struct fmt_syms *syms, bool user,
		     uint64_t pid, uint64_t pc)
{
	struct fmt_symbol s = { 0 };
	struct strbuf sb = { 0 };
	char off[24];

	fmt_addr2str(&sb, syms, user, pid, pc);
	ofmt_open_instance(o, user ? "ustack-frames" : "stack-frames");
	ofmt_str(o, "symbol", sb_str(&sb));
	if (fmt_sym_lookup(syms, user, pid, pc, &s) == 0 && s.module) {
		ofmt_str(o, "module", s.module);
		if (s.name) {
			ofmt_str(o, "name", s.name);
			snprintf(off, sizeof(off), "0x%llx",
				 (unsigned long long)(pc - s.value));
		} else {
			snprintf(off, sizeof(off), "0x%llx",
				 (unsigned long long)pc);
		}
	} else {
		snprintf(off, sizeof(off), "0x%llx", (unsigned long long)pc);
	}
	ofmt_str(o, "offset", off);
	ofmt_close(o);
	sb_free(&sb);
}

static void xo_stack(struct ofmt *o, const struct dval *v, const void *data,
		     const struct fmt_syms *syms)
{
	bool user = v->kind == DV_USTACK;
	uint32_t first = user ? 8 : 0;
	uint64_t pid = user && v->size >= 8 ? word(data, v->offset) : 0;

	ofmt_open_list(o, user ? "ustack-frames" : "stack-frames");
	for (uint32_t i = first; i + 8 <= v->size; i += 8) {
		uint64_t pc = word(data, v->offset + i);

		if (pc == 0)
			break;
		xo_frame(o, syms, user, pid, pc);
	}
	ofmt_close(o);
}

/* sym(): its text and, when it names a symbol, the object and name. */
static void xo_sym(struct ofmt *o, const struct dval *v, const void *data,
		   const struct fmt_syms *syms)
{
	uint64_t addr = word(data, v->offset);
	struct fmt_symbol s = { 0 };
	struct strbuf sb = { 0 };
	char off[24];

	fmt_symval_str(&sb, v, data, syms);
	ofmt_str(o, "sym", sb_str(&sb));
	if (fmt_sym_lookup(syms, false, 0, addr, &s) == 0 && s.module &&
	    s.name) {
		ofmt_str(o, "object", s.module);
		ofmt_str(o, "name", s.name);
	} else {
		snprintf(off, sizeof(off), "0x%llx", (unsigned long long)addr);
		ofmt_str(o, "offset", off);
	}
	sb_free(&sb);
}

/* A byte range: its text when dtrace(1) would print it as a string. */
static void xo_bytes(struct ofmt *o, const char *name, const void *p,
		     size_t n)
{
	struct strbuf sb = { 0 };
	size_t len;

	if (fmt_bytes_text(p, n, &len)) {
		ofmt_strn(o, name, p, len);
		return;
	}
	hex(&sb, p, n);
	ofmt_str(o, name, sb_str(&sb));
	ofmt_str(o, "encoding", "hex");
	sb_free(&sb);
}

void fmt_xo_datum(struct ofmt *o, const struct dval *v, const void *data,
		  const struct fmt_syms *syms)
{
	const char *p = (const char *)data + v->offset;
	struct strbuf sb = { 0 };

	switch (v->kind) {
	case DV_STACK:
	case DV_USTACK:
		xo_stack(o, v, data, syms);
		return;
	case DV_SYM:
		xo_sym(o, v, data, syms);
		return;
	case DV_MOD: case DV_USYM: case DV_UMOD: case DV_UADDR:
		fmt_symval_str(&sb, v, data, syms);
		ofmt_str(o, v->kind == DV_MOD ? "mod" : v->kind == DV_USYM ?
			 "usym" : v->kind == DV_UMOD ? "umod" : "uaddr",
			 sb_str(&sb));
		sb_free(&sb);
		return;
	case DV_STRING:
		ofmt_strn(o, "value", p, strnlen(p, v->size));
		return;
	case DV_FLOAT:
		if (v->size == 16)
			ofmt_double(o, "value", fmt_ldouble_value(v, data));
		else
			ofmt_double(o, "value", fmt_float_value(v, data));
		return;
	case DV_INT:
	case DV_PTR:
	case DV_PROBESTR:	/* never printed: made a string when read */
	case DV_STACKID:	/* never printed: made the frames when read */
		if (v->size == 1 || v->size == 2 || v->size == 4 ||
		    v->size == 8) {
			if (v->is_signed && v->kind == DV_INT)
				ofmt_int(o, "value", fmt_val_sint(v, data));
			else
				ofmt_uint(o, "value", fmt_val_uint(v, data));
			return;
		}
		/* fall through */
	case DV_BYTES:
		xo_bytes(o, "value", p, v->size);
		return;
	}
}

void fmt_xo_tracemem(struct ofmt *o, const void *p, size_t n)
{
	struct strbuf sb = { 0 };

	hex(&sb, p, n);
	ofmt_str(o, "tracemem", sb_str(&sb));
	sb_free(&sb);
}

/* ------------------------------------------------------------------ */
/* aggregations */

/* A row's label, "64" or "< 0": the bucket's value and its operator. */
static void xo_bucket(struct ofmt *o, const struct fmt_hist_row *r)
{
	const char *sp = strrchr(r->label, ' ');

	ofmt_open_instance(o, "buckets");
	if (sp) {
		ofmt_strn(o, "operator", r->label, (size_t)(sp - r->label));
		ofmt_int(o, "value", strtoll(sp + 1, NULL, 10));
	} else {
		ofmt_int(o, "value", strtoll(r->label, NULL, 10));
	}
	ofmt_int(o, "count", r->count);
	ofmt_close(o);
}

void fmt_xo_agg_value(struct ofmt *o, const struct dagg *agg, const void *val)
{
	static const char *const names[] = {
		[AGG_COUNT] = "count", [AGG_SUM] = "sum", [AGG_AVG] = "avg",
		[AGG_MIN] = "min", [AGG_MAX] = "max", [AGG_STDDEV] = "stddev",
	};
	struct fmt_hist_row *rows;
	int64_t w0, w1;
	int n;

	memcpy(&w0, val, 8);
	switch (agg->func) {
	case AGG_QUANTIZE: case AGG_LQUANTIZE: case AGG_LLQUANTIZE:
		n = fmt_hist_rows(agg, val, &rows);
		ofmt_open_list(o, "buckets");
		for (int i = 0; i < n; i++)
			xo_bucket(o, &rows[i]);
		ofmt_close(o);
		free(rows);
		return;
	case AGG_STDDEV:
		ofmt_uint(o, names[agg->func], fmt_stddev(val));
		return;
	case AGG_AVG:
		memcpy(&w1, (const char *)val + 8, 8);
		ofmt_int(o, names[agg->func], w0 ? w1 / w0 : 0);
		return;
	case AGG_MIN: case AGG_MAX:
		memcpy(&w1, (const char *)val + 8, 8);
		ofmt_int(o, names[agg->func], w1);
		return;
	default:
		ofmt_int(o, names[agg->func], w0);
		return;
	}
}

void fmt_xo_agg_entry(struct ofmt *o, const struct dagg *agg,
		      const struct agg_entry *e, const struct fmt *f)
{
	size_t size = fmt_agg_value_size(agg);

	ofmt_open_instance(o, "aggregation-data");
	ofmt_open_list(o, "keys");
	for (int k = 0; k < agg->nkeys; k++) {
		ofmt_open_instance(o, "keys");
		fmt_xo_datum(o, &agg->keys[k], e->key, e->syms);
		ofmt_close(o);
	}
	ofmt_close(o);
	fmt_xo_agg_value(o, agg, e->val);
	if (e->percpu) {	/* aggpercpu */
		ofmt_open_list(o, "cpus");
		for (int c = 0; c < e->ncpu; c++) {
			ofmt_open_instance(o, "cpus");
			ofmt_int(o, "cpu", c);
			fmt_xo_agg_value(o, agg, (const char *)e->percpu +
					 (size_t)c * size);
			ofmt_close(o);
		}
		ofmt_close(o);
	}
	if (f) {	/* printa() with a format: the line it prints too */
		struct strbuf sb = { 0 };

		if (fmt_printa(&sb, f, agg, e) == 0)
			ofmt_str(o, "message", sb_str(&sb));
		sb_free(&sb);
	}
	ofmt_close(o);
}

void fmt_xo_agg(struct ofmt *o, const struct dagg *agg,
		const struct agg_entry *entries, size_t n, const struct fmt *f)
{
	ofmt_str(o, "aggregation-name", agg->name);
	ofmt_open_list(o, "aggregation-data");
	for (size_t i = 0; i < n; i++)
		fmt_xo_agg_entry(o, agg, &entries[i], f);
	ofmt_close(o);
}
