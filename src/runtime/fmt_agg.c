/*
 * Aggregation output: the default form of printa() and of the
 * aggregations dtrace(1) prints at exit (keys by size and type, then
 * the value) and the quantize()/lquantize()/llquantize() histograms
 * (the sort orders are fmt_agg_sort.c's).  Widths and bar lengths follow
 * libdtrace's dt_consume.c; values are merged over
 * CPUs by the caller, in the layouts fmt.h documents.
 */
#include "fmt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DIST_BAR "------------- Distribution -------------"

static int64_t word(const void *val, int i)
{
	int64_t w;

	memcpy(&w, (const char *)val + 8 * i, 8);
	return w;
}

int64_t fmt_quantize_bucket_value(int b)
{
	if (b < FMT_QUANTIZE_ZERO)
		return -(int64_t)(1ULL << (FMT_QUANTIZE_ZERO - 1 - b));
	if (b == FMT_QUANTIZE_ZERO)
		return 0;
	return (int64_t)(1ULL << (b - FMT_QUANTIZE_ZERO - 1));
}

static int lq_levels(const struct dagg *agg)
{
	int64_t step = agg->params[2] ? agg->params[2] : 1;

	return (int)((agg->params[1] - agg->params[0]) / step);
}

size_t fmt_agg_value_size(const struct dagg *agg)
{
	switch (agg->func) {
	case AGG_COUNT:
	case AGG_SUM:
		return 8;
	case AGG_AVG:
	case AGG_MIN:
	case AGG_MAX:
		return 16;
	case AGG_STDDEV:
		return 32;
	case AGG_QUANTIZE:
		return 8 * FMT_QUANTIZE_NBUCKETS;
	case AGG_LQUANTIZE:
		return 8 * (size_t)(lq_levels(agg) + 2);
	case AGG_LLQUANTIZE:
		return 8 * (size_t)fmt_llquantize_nbins(agg->params);
	}
	return 8;
}

/* Integer square root, rounded down, of a 128-bit value. */
static uint64_t isqrt128(unsigned __int128 x)
{
	unsigned __int128 r = 0, bit = (unsigned __int128)1 << 126;

	while (bit > x)
		bit >>= 2;
	while (bit) {
		if (x >= r + bit) {
			x -= r + bit;
			r = (r >> 1) + bit;
		} else {
			r >>= 1;
		}
		bit >>= 2;
	}
	return (uint64_t)r;
}

/*
 * sqrt(avg(x*x) - avg(x)^2) with DTrace's integer steps: the average of
 * the squares divided down in 128 bits, the average truncated, both
 * before subtracting.
 */
uint64_t fmt_stddev(const void *val)
{
	uint64_t count = (uint64_t)word(val, 0);
	int64_t sum = word(val, 1), avg;
	unsigned __int128 sq;

	if (count == 0)
		return 0;
	sq = ((unsigned __int128)(uint64_t)word(val, 3) << 64) |
	     (uint64_t)word(val, 2);
	sq /= count;
	avg = sum / (int64_t)count;
	if (avg < 0)
		avg = -avg;
	return isqrt128(sq - (unsigned __int128)avg * (uint64_t)avg);
}

/* ------------------------------------------------------------------ */
/* histograms (dt_print_quantize and friends), without packing */

/*
 * With aggzoom, the bars are scaled so that the highest bucket is 95%
 * of the bar (DTrace's 1 / 0.95 factor, a double, applied to the
 * largest magnitude) instead of being shares of the total.
 */
static bool hist_zoom;

void fmt_agg_set_zoom(bool on)
{
	hist_zoom = on;
}

struct hist {
	const int64_t *data;
	long double total;
	bool positives, negatives;
};

static void hist_scan(struct hist *h, int first, int last)
{
	h->total = 0;
	h->positives = h->negatives = false;
	for (int i = first; i <= last; i++) {
		int64_t v = h->data[i];

		h->positives |= v > 0;
		long double a = v < 0 ? -(long double)v : (long double)v;

		h->negatives |= v < 0;
		if (!hist_zoom) {
			h->total += a;
			continue;
		}
		a *= 1 / 0.95;
		if (a > h->total)
			h->total = a;
	}
}

static unsigned bar_depth(int64_t val, long double total, unsigned len)
{
	long double a = val < 0 ? -(long double)val : (long double)val;

	return (unsigned)(a * len / total + 0.5);
}

static void hist_line(struct strbuf *out, const struct hist *h, int64_t val)
{
	static const char ats[] = "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@";
	static const char spaces[] = "                                        ";
	const unsigned len = 40, half = 20;
	unsigned d;

	if (!h->negatives) {
		d = h->positives ? bar_depth(val, h->total, len) : 0;
		sb_printf(out, "|%s%s %-9lld\n", ats + len - d, spaces + d,
			  (long long)val);
	} else if (!h->positives) {
		d = bar_depth(val, h->total, len);
		sb_printf(out, "%s%s| %-9lld\n", spaces + d, ats + len - d,
			  (long long)val);
	} else {
		/* bars both ways around a centre line, half as long */
		d = bar_depth(val, h->total, half);
		if (val <= 0)
			sb_printf(out, "%s%s|%*s %-9lld\n", spaces + len - half + d,
				  ats + len - d, (int)half, "", (long long)val);
		else
			sb_printf(out, "%20s|%s%s %-9lld\n", "", ats + len - d,
				  spaces + len - half + d, (long long)val);
	}
}

static void hist_header(struct strbuf *out)
{
	sb_printf(out, "\n%16s %41s %-9s\n", "value", DIST_BAR, "count");
}

/* The buckets shown: one zero bucket either side of the non-zero ones. */
static void hist_range(const int64_t *data, int nbins, int *first, int *last,
		       int empty_first, int empty_last)
{
	int f = 0, l = nbins - 1;

	while (f < nbins && data[f] == 0)
		f++;
	if (f == nbins) {
		*first = empty_first;
		*last = empty_last;
		return;
	}
	if (f > 0)
		f--;
	while (l > 0 && data[l] == 0)
		l--;
	if (l < nbins - 1)
		l++;
	*first = f;
	*last = l;
}

/* One row of a histogram: a row of buffers grown as needed. */
static struct fmt_hist_row *add_row(struct fmt_hist_row **rows, int *n,
				    int *cap)
{
	if (*n == *cap) {
		int c = *cap ? 2 * *cap : 16;
		struct fmt_hist_row *r = realloc(*rows, (size_t)c * sizeof(*r));

		if (!r)
			return NULL;
		*rows = r;
		*cap = c;
	}
	memset(&(*rows)[*n], 0, sizeof(**rows));
	return &(*rows)[(*n)++];
}

static int quantize_rows(const int64_t *data, struct fmt_hist_row **rows)
{
	int first, last, n = FMT_QUANTIZE_NBUCKETS, nr = 0, cap = 0;

	/* data only in the last bucket is data too (DTrace for Linux;
	 * illumos skipped it) */
	for (first = 0; first < n && data[first] == 0; first++)
		;
	if (first == n) {
		first = FMT_QUANTIZE_ZERO - 1;
		last = FMT_QUANTIZE_ZERO + 1;
	} else {
		hist_range(data, n, &first, &last, 0, 0);
	}
	for (int i = first; i <= last; i++) {
		struct fmt_hist_row *r = add_row(rows, &nr, &cap);

		if (!r)
			return -1;
		snprintf(r->label, sizeof(r->label), "%lld",
			 (long long)fmt_quantize_bucket_value(i));
		r->count = data[i];
	}
	return nr;
}

static int lquantize_rows(const struct dagg *agg, const int64_t *data,
			  struct fmt_hist_row **rows)
{
	int levels = lq_levels(agg), first, last, nr = 0, cap = 0;
	int base = (int)agg->params[0], step = (int)agg->params[2];

	hist_range(data, levels + 2, &first, &last, 0, 2);
	for (int i = first; i <= last; i++) {
		struct fmt_hist_row *r = add_row(rows, &nr, &cap);

		if (!r)
			return -1;
		if (i == 0)
			snprintf(r->label, sizeof(r->label), "< %d", base);
		else if (i == levels + 1)
			snprintf(r->label, sizeof(r->label), ">= %d",
				 base + levels * step);
		else
			snprintf(r->label, sizeof(r->label), "%d",
				 base + (i - 1) * step);
		r->count = data[i];
	}
	return nr;
}

/* A bucket to print without a label of its own (one no integer reaches,
 * shown as the edge of the range): the label of the nearest labelled
 * bucket within pad buckets in direction dir, as Oracle's DTrace. */
static const char *ll_edge_label(const char *lab, int nbins, int bin,
				 int pad, int dir)
{
	for (int i = 1; i < pad; i++) {
		int b = bin + dir * i;

		if (b < 0 || b >= nbins)
			break;
		if (lab[(size_t)b * FMT_LL_LABEL])
			return lab + (size_t)b * FMT_LL_LABEL;
	}
	return "";
}

static int llquantize_rows(const struct dagg *agg, const int64_t *data,
			   struct fmt_hist_row **rows)
{
	int nbins = fmt_llquantize_nbins(agg->params), first, last;
	int bin0 = fmt_llquantize_zero_bin(agg->params), nr = 0, cap = 0;
	int64_t factor = agg->params[0], steps = agg->params[3];
	int pad = agg->params[1] == 0 && steps > factor ?
		  (int)(steps / factor) : 0;
	char *lab;

	for (first = 0; first < nbins && data[first] == 0; first++)
		;
	if (first == nbins) {
		first = last = bin0 + 1;	/* nothing: one bucket anyway */
	} else {
		for (last = nbins - 1; data[last] == 0; last--)
			;
	}
	if (first > 0)
		first--;
	if (last < nbins - 1)
		last++;
	lab = fmt_llquantize_labels(agg->params, first);
	if (!lab)
		return -1;
	for (int i = first; i <= last; i++) {
		const char *l = lab + (size_t)i * FMT_LL_LABEL;
		struct fmt_hist_row *r;

		if (!*l && pad && (i == first || i == last))
			l = ll_edge_label(lab, nbins, i, pad,
					  i == first ? -1 : 1);
		if (!*l)
			continue;
		if (!(r = add_row(rows, &nr, &cap))) {
			nr = -1;
			break;
		}
		snprintf(r->label, sizeof(r->label), "%s", l);
		r->count = data[i];
	}
	free(lab);
	return nr;
}

int fmt_hist_rows(const struct dagg *agg, const void *val,
		  struct fmt_hist_row **rows)
{
	int n = -1;

	*rows = NULL;
	switch (agg->func) {
	case AGG_QUANTIZE:
		n = quantize_rows(val, rows);
		break;
	case AGG_LQUANTIZE:
		n = lquantize_rows(agg, val, rows);
		break;
	case AGG_LLQUANTIZE:
		n = llquantize_rows(agg, val, rows);
		break;
	default:
		break;
	}
	if (n < 0) {
		free(*rows);
		*rows = NULL;
	}
	return n;
}

/* A histogram as dtrace(1) draws it: its rows, bars shares of the total. */
static void print_hist(struct strbuf *out, const struct dagg *agg,
		       const void *val)
{
	struct fmt_hist_row *rows;
	int n = fmt_hist_rows(agg, val, &rows);
	int64_t *counts;
	struct hist h;

	if (n < 0)
		return;
	counts = calloc((size_t)n + 1, sizeof(*counts));
	if (!counts) {
		free(rows);
		return;
	}
	for (int i = 0; i < n; i++)
		counts[i] = rows[i].count;
	h.data = counts;
	hist_scan(&h, 0, n - 1);
	hist_header(out);
	for (int i = 0; i < n; i++) {
		sb_printf(out, "%16s ", rows[i].label);
		hist_line(out, &h, rows[i].count);
	}
	free(counts);
	free(rows);
}

/* ------------------------------------------------------------------ */
/* entries */

void fmt_agg_print_value(struct strbuf *out, const struct dagg *agg,
			 const void *val)
{
	int64_t n;

	switch (agg->func) {
	case AGG_AVG:
		n = word(val, 0);
		sb_addc(out, ' ');
		sb_add_int(out, n ? (long long)(word(val, 1) / n) : 0, 16);
		break;
	case AGG_MIN:
	case AGG_MAX:
		sb_addc(out, ' ');
		sb_add_int(out, (long long)word(val, 1), 16);
		break;
	case AGG_STDDEV:
		sb_printf(out, " %16llu", (unsigned long long)fmt_stddev(val));
		break;
	case AGG_QUANTIZE:
	case AGG_LQUANTIZE:
	case AGG_LLQUANTIZE:
		print_hist(out, agg, val);
		break;
	default:
		sb_addc(out, ' ');
		sb_add_int(out, (long long)word(val, 0), 16);
		break;
	}
}

/*
 * A key as dt_print_datum() prints it: integers by size, read unsigned
 * (so a char -1 prints 255) but the 32- and 64-bit ones printed signed;
 * strings padded to 50 columns.
 */
static void print_key_w(struct strbuf *out, const struct dval *k,
			const void *key, int strwidth,
			const struct fmt_syms *syms)
{
	enum fmt_text mode = fmt_text_mode(syms, k);

	const unsigned char *p = (const unsigned char *)key + k->offset;

	if (k->kind == DV_STRING) {
		fmt_bytes(out, p, k->size, strwidth, false, false, mode);
		return;
	}
	switch (k->size) {
	case 1:
		sb_addc(out, ' ');
		sb_add_int(out, p[0], 3);
		break;
	case 2: {
		uint16_t v;

		memcpy(&v, p, 2);
		sb_addc(out, ' ');
		sb_add_int(out, v, 5);
		break;
	}
	case 4: {
		int32_t v;

		memcpy(&v, p, 4);
		sb_addc(out, ' ');
		sb_add_int(out, v, 8);
		break;
	}
	case 8:
		sb_addc(out, ' ');
		sb_add_int(out, (long long)word(p, 0), 16);
		break;
	default:
		fmt_bytes(out, p, k->size, strwidth, false, false, mode);
		break;
	}
}

static void print_key(struct strbuf *out, const struct dval *k,
		      const void *key, const struct fmt_syms *syms)
{
	print_key_w(out, k, key, -50, syms);
}

/*
 * agghist: a count() or sum() aggregation printed as one histogram, a
 * bar per entry, the bars shares of the total of all the entries (or
 * zoomed).  The keys are "packed": integers as wide as usual, strings
 * 16 columns instead of 50; the header's "key" column spans them.
 */
static bool hist_agg;

void fmt_agg_set_hist(bool on)
{
	hist_agg = on;
}

bool fmt_agg_hist_on(const struct dagg *agg)
{
	return hist_agg && (agg->func == AGG_COUNT || agg->func == AGG_SUM);
}

static void print_agghist(struct strbuf *out, const struct dagg *agg,
			  const struct agg_entry *entries, size_t n)
{
	int64_t *vals = calloc(n, sizeof(*vals));
	struct hist h = { .data = vals };
	int width = 0;

	if (!vals)
		return;
	for (size_t i = 0; i < n; i++)
		vals[i] = word(entries[i].val, 0);
	hist_scan(&h, 0, (int)n - 1);
	for (int i = 0; i < agg->nkeys; i++) {
		uint32_t sz = agg->keys[i].size;
		bool num = agg->keys[i].kind != DV_STRING &&
			   (sz == 1 || sz == 2 || sz == 4 || sz == 8);

		width += (num ? (sz == 1 ? 3 : sz == 2 ? 5 : sz == 4 ? 8 : 16)
			      : 16) + 1;
	}
	sb_printf(out, "\n%*s %41s %-9s\n", width ? width : 16,
		  width ? "key" : "value", DIST_BAR, "count");
	for (size_t i = 0; i < n; i++) {
		for (int k = 0; k < agg->nkeys; k++)
			if (fmt_is_symval(&agg->keys[k]))
				fmt_symval(out, &agg->keys[k], entries[i].key,
					   entries[i].syms);
			else
				print_key_w(out, &agg->keys[k], entries[i].key,
					    16, entries[i].syms);
		sb_addc(out, ' ');
		hist_line(out, &h, vals[i]);
	}
	free(vals);
}

void fmt_agg_print_keys(struct strbuf *out, const struct dagg *agg,
			const struct agg_entry *e)
{
	for (int i = 0; i < agg->nkeys; i++)
		if (fmt_is_symval(&agg->keys[i]))
			fmt_symval(out, &agg->keys[i], e->key, e->syms);
		else
			print_key(out, &agg->keys[i], e->key, e->syms);
}

void fmt_agg_print_entry(struct strbuf *out, const struct dagg *agg,
			 const struct agg_entry *e)
{
	for (int i = 0; i < agg->nkeys; i++)
		if (fmt_is_symval(&agg->keys[i]))
			fmt_symval(out, &agg->keys[i], e->key, e->syms);
		else
			print_key(out, &agg->keys[i], e->key, e->syms);
	fmt_agg_print_value(out, agg, e->val);
	fmt_agg_print_percpu(out, agg, e);
	sb_addc(out, '\n');
}

void fmt_agg_print_percpu(struct strbuf *out, const struct dagg *agg,
			  const struct agg_entry *e)
{
	size_t size = fmt_agg_value_size(agg);

	for (int c = 0; e->percpu && c < e->ncpu; c++) {
		sb_printf(out, "\n    [CPU %d]", c);
		fmt_agg_print_value(out, agg,
				    (const char *)e->percpu + (size_t)c * size);
	}
}

void fmt_agg_print_entries(struct strbuf *out, const struct dagg *agg,
			   const struct agg_entry *entries, size_t n)
{
	if (fmt_agg_hist_on(agg)) {
		if (n)
			print_agghist(out, agg, entries, n);
		return;
	}
	for (size_t i = 0; i < n; i++) {
		/* sorted entries point all over the snapshot: ask for the
		 * key and value of the entry a few rows ahead early */
		if (i + 8 < n) {
			__builtin_prefetch(entries[i + 8].key);
			__builtin_prefetch(entries[i + 8].val);
		}
		fmt_agg_print_entry(out, agg, &entries[i]);
	}
}

void fmt_agg_print(struct strbuf *out, const struct dagg *agg,
		   const struct agg_entry *entries, size_t n)
{
	sb_addc(out, '\n');
	fmt_agg_print_entries(out, agg, entries, n);
}
