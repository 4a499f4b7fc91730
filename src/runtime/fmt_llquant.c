/*
 * llquantize()'s buckets, as Oracle's DTrace for Linux lays them out
 * (negative values too): the negative overflow bucket, the orders of
 * magnitude from factor^high down to factor^low for negative values,
 * the "underflow" bucket in the middle (|value| < factor^low), the same
 * orders for positive values, and the positive overflow bucket.  Each
 * order has nsteps - nsteps / factor buckets: of the nsteps steps that
 * divide [0, factor^(mag+1)), the first nsteps / factor lie below the
 * order and are never used.  When low is 0 and nsteps > factor, the
 * first order [1, factor) has steps narrower than 1, so only every
 * (nsteps / factor)-th of its buckets can hold an integer; the others
 * have no label and are not printed.
 *
 * codegen/cg_agg.c computes the same index in BPF; this file gives each
 * bucket its lower bound, for the labels and for the sort order.
 */
#include "fmt.h"

#include <stdio.h>
#include <stdlib.h>

struct ll_shape {
	uint64_t factor, lmag, hmag, steps, sf;
	int bin0, nbins;
};

static void ll_shape(const int64_t p[4], struct ll_shape *s)
{
	s->factor = (uint64_t)p[0];
	s->lmag = (uint64_t)p[1];
	s->hmag = (uint64_t)p[2];
	s->steps = (uint64_t)p[3];
	s->sf = s->factor ? s->steps / s->factor : 0;
	s->bin0 = 1 + (int)((s->hmag - s->lmag + 1) * (s->steps - s->sf));
	s->nbins = 2 * s->bin0 + 1;
}

int fmt_llquantize_nbins(const int64_t params[4])
{
	struct ll_shape s;

	ll_shape(params, &s);
	return s.nbins;
}

int fmt_llquantize_zero_bin(const int64_t params[4])
{
	struct ll_shape s;

	ll_shape(params, &s);
	return s.bin0;
}

static uint64_t upow(uint64_t b, uint64_t e)
{
	uint64_t r = 1;

	while (e--)
		r *= b;
	return r;
}

/*
 * w[i]: the lower bound of |value| in the buckets bin0 + i and bin0 - i,
 * for i = 1 .. bin0 (bin0 itself: the overflow buckets); 0 for a bucket
 * no integer reaches.  w must hold bin0 + 1 entries.
 */
static void ll_bounds(const struct ll_shape *s, uint64_t *w)
{
	uint64_t mag = s->lmag, scale;
	int i = 1;

	for (int j = 0; j <= s->bin0; j++)
		w[j] = 0;
	w[1] = upow(s->factor, s->lmag);
	if (s->lmag == 0 && s->steps > s->factor) {
		for (uint64_t step = 2; step <= s->factor; step++) {
			i += (int)s->sf;
			w[i] = step;
		}
		mag++;
	}
	scale = upow(s->factor, mag + 1) / s->steps;
	for (; mag <= s->hmag; mag++) {
		for (uint64_t step = s->sf + 1; step <= s->steps; step++)
			if (++i <= s->bin0)
				w[i] = step * scale;
		scale *= s->factor;
	}
}

long double fmt_llquantize_sum(const int64_t params[4], const int64_t *data)
{
	struct ll_shape s;
	long double t = 0;
	uint64_t *w;

	ll_shape(params, &s);
	w = calloc((size_t)s.bin0 + 1, sizeof(*w));
	if (!w)
		return 0;
	ll_bounds(&s, w);
	for (int i = 1; i <= s.bin0; i++)
		t += (long double)w[i] *
		     ((long double)data[s.bin0 + i] - (long double)data[s.bin0 - i]);
	free(w);
	return t;
}

char *fmt_llquantize_labels(const int64_t params[4], int first)
{
	struct ll_shape s;
	uint64_t *w, top;
	char *lab;

	ll_shape(params, &s);
	w = calloc((size_t)s.bin0 + 1, sizeof(*w));
	lab = calloc((size_t)s.nbins, FMT_LL_LABEL);
	if (!w || !lab) {
		free(w);
		free(lab);
		return NULL;
	}
	ll_bounds(&s, w);
	for (int i = 1; i < s.bin0; i++) {
		if (!w[i])
			continue;
		snprintf(lab + (size_t)(s.bin0 + i) * FMT_LL_LABEL, FMT_LL_LABEL,
			 "%llu", (unsigned long long)w[i]);
		snprintf(lab + (size_t)(s.bin0 - i) * FMT_LL_LABEL, FMT_LL_LABEL,
			 "-%llu", (unsigned long long)w[i]);
	}
	/* the middle bucket: 0 when it holds nothing else, else |value| < */
	if (w[1] == 1)
		snprintf(lab + (size_t)s.bin0 * FMT_LL_LABEL, FMT_LL_LABEL, "0");
	else
		snprintf(lab + (size_t)s.bin0 * FMT_LL_LABEL, FMT_LL_LABEL,
			 first >= s.bin0 ? "< %llu" : "abs() < %llu",
			 (unsigned long long)w[1]);
	top = upow(s.factor, s.hmag + 1);
	snprintf(lab, FMT_LL_LABEL, "<= -%llu", (unsigned long long)top);
	snprintf(lab + (size_t)(s.nbins - 1) * FMT_LL_LABEL, FMT_LL_LABEL,
		 ">= %llu", (unsigned long long)top);
	free(w);
	return lab;
}
