/*
 * Aggregation sort orders (libdtrace's dt_aggregate.c): by value, ties
 * by key, or by key alone, either reversed.  Printing a million keys
 * spent most of its time comparing entries that point to their values
 * and keys elsewhere in memory (two cache misses a side), so each
 * entry's value, and the first key compared (or its first 8 bytes), are
 * read once into a small record in the order they compare; records are
 * sorted, and only ties on the first key read the keys themselves.
 * Records are sorted by radix on those two words (no comparisons at
 * all), then runs of equal words by comparison; a histogram's sum is a
 * long double, so histograms are sorted by comparison alone.
 */
#define _GNU_SOURCE	/* qsort_r */
#include "fmt.h"

#include <stdlib.h>
#include <string.h>

#define CMP(a, b) ((a) < (b) ? -1 : (a) > (b) ? 1 : 0)

static int64_t word(const void *val, int i)
{
	int64_t w;

	memcpy(&w, (const char *)val + 8 * i, 8);
	return w;
}

/* A signed value in the order of unsigned ones. */
static uint64_t biased(int64_t v)
{
	return (uint64_t)v ^ (1ULL << 63);
}

static long double quantize_sum(const void *val, int64_t *zero)
{
	long double t = 0;

	for (int i = 0; i < FMT_QUANTIZE_NBUCKETS; i++)
		t += (long double)fmt_quantize_bucket_value(i) *
		     (long double)word(val, i);
	*zero = word(val, FMT_QUANTIZE_ZERO);
	return t;
}

/* The weighted sum DTrace sorts lquantize() values by, and the count at 0. */
static long double lquantize_sum(const struct dagg *agg, const void *val,
				 int64_t *zero)
{
	int levels = (int)(fmt_agg_value_size(agg) / 8) - 2;
	int64_t base = agg->params[0], step = agg->params[2];
	long double t = (long double)word(val, 0) * (long double)(base - 1);

	*zero = base - 1 == 0 ? word(val, 0) : 0;
	for (int i = 0; i < levels; i++, base += step) {
		t += (long double)word(val, i + 1) * (long double)base;
		if (base == 0)
			*zero = word(val, i + 1);
	}
	if (base + 1 == 0)
		*zero = word(val, levels + 1);
	return t + (long double)word(val, levels + 1) * (long double)(base + 1);
}

/*
 * What a value sorts by: an unsigned word, and for histograms (*hsum
 * set) their weighted sum first, the word being the count at zero.
 */
static uint64_t val_order(const struct dagg *agg, const void *val,
			  long double *hsum)
{
	int64_t z = 0;

	switch (agg->func) {
	case AGG_AVG:
		return biased(word(val, 0) ? word(val, 1) / word(val, 0) : 0);
	case AGG_MIN:
	case AGG_MAX:
		return biased(word(val, 1));
	case AGG_STDDEV:
		return fmt_stddev(val);
	case AGG_QUANTIZE:
		*hsum = quantize_sum(val, &z);
		return biased(z);
	case AGG_LQUANTIZE:
		*hsum = lquantize_sum(agg, val, &z);
		return biased(z);
	case AGG_LLQUANTIZE:
		*hsum = fmt_llquantize_sum(agg->params, val);
		return biased(word(val, fmt_llquantize_zero_bin(agg->params)));
	default:
		return biased(word(val, 0));
	}
}

static bool int_key(const struct dval *k)
{
	return k->kind != DV_STRING && k->size <= 8;
}

/*
 * A key's first 8 bytes in the order key_cmp() gives them: an integer
 * key's value (read unsigned, little-endian), a string's or a larger
 * key's first bytes big-endian (memcmp's order).
 */
static uint64_t key_prefix(const struct dval *k, const void *key)
{
	const unsigned char *p = (const unsigned char *)key + k->offset;
	uint64_t v = 0;

	if (int_key(k)) {
		memcpy(&v, p, k->size);
		return v;
	}
	for (uint32_t i = 0; i < 8; i++)
		v = v << 8 | (i < k->size ? p[i] : 0);
	return v;
}

struct sort_ctx {
	const struct dagg *agg;
	const struct agg_entry *ents;
	const long double *hsum;	/* histograms' weighted sums, or NULL */
	bool sortkey, sortrev;
	bool prefix_only;	/* the first key's prefix is the whole key */
	int keypos;
};

/* An entry as it sorts. */
struct srec {
	uint64_t val;	/* val_order() */
	uint64_t key;	/* key_prefix() of the key sortkeypos names */
	size_t idx;	/* in ents (and hsum) */
};

/* Keys compare as unsigned integers of their size, strings bytewise. */
static int key_cmp(const struct sort_ctx *s, const void *l, const void *r)
{
	int n = s->agg->nkeys;

	for (int i = 0; i < n; i++) {
		const struct dval *k = &s->agg->keys[(i + s->keypos) % n];
		const unsigned char *lp = (const unsigned char *)l + k->offset;
		const unsigned char *rp = (const unsigned char *)r + k->offset;
		int c;

		if (int_key(k)) {
			uint64_t lv = 0, rv = 0;

			memcpy(&lv, lp, k->size);	/* little-endian */
			memcpy(&rv, rp, k->size);
			c = CMP(lv, rv);
		} else {
			c = memcmp(lp, rp, k->size);
			c = CMP(c, 0);
		}
		if (c)
			return c;
	}
	return 0;
}

static int srec_cmp(const void *a, const void *b, void *arg)
{
	const struct sort_ctx *s = arg;
	const struct srec *l = a, *r = b;
	int c = 0;

	if (!s->sortkey) {
		if (s->hsum)
			c = CMP(s->hsum[l->idx], s->hsum[r->idx]);
		if (!c)
			c = CMP(l->val, r->val);
	}
	if (!c)
		c = CMP(l->key, r->key);
	if (!c && !s->prefix_only)
		c = key_cmp(s, s->ents[l->idx].key, s->ents[r->idx].key);
	if (s->sortrev)
		c = -c;
	/* equal entries keep their order, as a stable sort would */
	return c ? c : CMP(l->idx, r->idx);
}

/*
 * Radix-sort recs by (val, key) as unsigned words, least significant
 * byte first, stably (equal records keep their order); with rev, in
 * the reverse order.  Bytes that are the same in every record are
 * skipped, as the high bytes of small counts and timestamps are.
 */
static void radix_sort(struct srec *recs, struct srec *tmp, size_t n,
		       bool rev)
{
	struct srec *from = recs, *to = tmp;
	uint64_t flip = rev ? ~0ULL : 0;

	for (int pass = 0; pass < 16; pass++) {
		size_t count[256] = { 0 }, pos = 0;
		int shift = (pass % 8) * 8;
		bool one = false;

		for (size_t i = 0; i < n; i++) {
			uint64_t w = pass < 8 ? from[i].key : from[i].val;

			count[((w ^ flip) >> shift) & 0xff]++;
		}
		for (int d = 0; d < 256; d++) {
			one |= count[d] == n;
			pos += count[d];
			count[d] = pos - count[d];
		}
		if (one)	/* every record has this byte */
			continue;
		for (size_t i = 0; i < n; i++) {
			uint64_t w = pass < 8 ? from[i].key : from[i].val;

			to[count[((w ^ flip) >> shift) & 0xff]++] = from[i];
		}
		to = from;
		from = from == recs ? tmp : recs;
	}
	if (from != recs)
		memcpy(recs, from, n * sizeof(*recs));
}

/* Sort the runs of records equal in (val, key) by the keys themselves. */
static void sort_ties(struct srec *recs, size_t n, struct sort_ctx *s)
{
	for (size_t i = 0, j; i < n; i = j) {
		for (j = i + 1; j < n && recs[j].val == recs[i].val &&
				recs[j].key == recs[i].key; j++)
			;
		if (j - i > 1)
			qsort_r(recs + i, j - i, sizeof(*recs), srec_cmp, s);
	}
}

static bool hist_func(enum dagg_func f)
{
	return f == AGG_QUANTIZE || f == AGG_LQUANTIZE || f == AGG_LLQUANTIZE;
}

/*
 * The sort's block, kept for the next sort: printa() of a big
 * aggregation every second then sorts in memory already touched (a
 * fresh block's pages are zeroed by the kernel at their first touch,
 * 48 MB for a million entries).  It grows by moving its pages.
 */
static void *scratch(size_t size)
{
	static void *block;
	static size_t cap;

	if (size > cap) {
		block = xmap_grow(block, cap, size);
		cap = size;
	}
	return block;
}

void fmt_agg_sort(const struct dagg *agg, struct agg_entry *entries,
		  size_t n, bool sortkey, bool sortrev, int sortpos,
		  int sortkeypos)
{
	struct sort_ctx s = { agg, entries, NULL, sortkey, sortrev, false,
			      sortkeypos };
	const struct dval *first;
	long double *hsum = NULL;
	struct agg_entry *sorted;
	struct srec *recs;
	size_t *order;
	void *block;

	if (n < 2)	/* entries may be NULL when there are none */
		return;
	/* as DTrace: a key position past the last key means the first */
	if (s.keypos < 0 || s.keypos >= agg->nkeys)
		s.keypos = 0;
	first = agg->nkeys ? &agg->keys[s.keypos] : NULL;
	s.prefix_only = !first || (agg->nkeys == 1 && int_key(first));
	if (!sortkey && hist_func(agg->func))
		s.hsum = hsum = xmalloc(n * sizeof(*hsum));
	/*
	 * One block of n entries serves the records, the radix sort's
	 * second array of them (two records take no more than an entry)
	 * and then the sorted entries: fresh memory is dear (every page
	 * zeroed by the kernel at its first touch), a million entries are
	 * 48 MB.  The block is kept for the next sort (scratch()).
	 */
	_Static_assert(2 * sizeof(struct srec) <= sizeof(struct agg_entry),
		       "two records in an entry's room");
	block = scratch(n * sizeof(*sorted));
	recs = block;
	for (size_t i = 0; i < n; i++) {
		long double h = 0;

		recs[i].val = sortkey ? 0 : val_order(agg, entries[i].val, &h);
		recs[i].key = first ? key_prefix(first, entries[i].key) : 0;
		recs[i].idx = i;
		if (hsum)
			hsum[i] = h;
	}
	if (hsum) {
		qsort_r(recs, n, sizeof(*recs), srec_cmp, &s);
	} else {
		radix_sort(recs, recs + n, n, sortrev);
		if (!s.prefix_only)
			sort_ties(recs, n, &s);
	}
	/*
	 * The order, as indices, at the block's end; the sorted entries
	 * are gathered from its start.  Row i's 48 bytes end at or before
	 * where index i + 1 lies, so no index is overwritten before it is
	 * read: 48 i + 48 <= 40 n + 8 (i + 1) for every i < n.
	 */
	order = (size_t *)(void *)((char *)block + n * (sizeof(*sorted) -
							 sizeof(*order)));
	for (size_t i = 0; i < n; i++)
		order[i] = recs[i].idx;
	sorted = block;
	for (size_t i = 0; i < n; i++) {
		/* a gather from all over the array: ask for rows ahead */
		if (i + 16 < n)
			__builtin_prefetch(&entries[order[i + 16]]);
		sorted[i] = entries[order[i]];
	}
	memcpy(entries, sorted, n * sizeof(*sorted));
	free(hsum);
}
