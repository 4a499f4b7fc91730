/*
 * Aggregation snapshots.  Aggregations live in per-CPU maps so the BPF
 * side never contends; user space merges them when it prints, as DTrace
 * merges its per-CPU aggregation buffers.  The per-CPU and merged
 * layouts are described in agg.h.
 */
#include "agg.h"

#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../codegen/dobj.h"
#include "fmt.h"

const char *agg_size_check(const struct dobj *obj, uint64_t aggsize)
{
	for (size_t i = 0; i < obj->aggs.len; i++) {
		const struct dagg *ag = &obj->aggs.data[i];

		if ((uint64_t)ag->key_size + ag->value_size > aggsize)
			return "Enabling exceeds size of buffer";
	}
	return NULL;
}

size_t agg_merged_size(const struct dagg *ag)
{
	return fmt_agg_value_size(ag);
}

static int64_t get64(const char *p, size_t i)
{
	int64_t v;

	memcpy(&v, p + i * 8, sizeof(v));
	return v;
}

/* Add the 128-bit (lo, hi) at p + 2, + 3 words into acc[0..1]. */
static void add128(uint64_t acc[2], const char *p)
{
	uint64_t lo = (uint64_t)get64(p, 2), hi = (uint64_t)get64(p, 3);

	acc[0] += lo;
	acc[1] += hi + (acc[0] < lo);
}

void agg_fold(const struct dagg *ag, void *dst, const void *src)
{
	int64_t *d = dst;
	const char *v = src;
	size_t nb;

	switch (ag->func) {
	case AGG_COUNT:
	case AGG_SUM:
		d[0] += get64(v, 0);
		break;
	case AGG_MIN:
	case AGG_MAX:
		if (get64(v, 0) == 0)	/* unset */
			break;
		if (d[0] == 0 || (ag->func == AGG_MIN ? get64(v, 1) < d[1]
						      : get64(v, 1) > d[1]))
			d[1] = get64(v, 1);
		d[0] += get64(v, 0);
		break;
	case AGG_AVG:
		d[0] += get64(v, 0);
		d[1] += get64(v, 1);
		break;
	case AGG_STDDEV:
		d[0] += get64(v, 0);
		d[1] += get64(v, 1);
		add128((uint64_t *)&d[2], v);
		break;
	case AGG_QUANTIZE: case AGG_LQUANTIZE: case AGG_LLQUANTIZE:
		nb = agg_merged_size(ag) / 8;
		for (size_t i = 0; i < nb; i++)
			d[i] += get64(v, i);
		break;
	}
}

/*
 * Fold one CPU's value (n updates, n > 0) into the merged value.  The
 * per-CPU layout is the merged one after the update count, except that
 * count, min, max, avg and stddev keep their count in the merged value
 * too (so their layouts are the same).
 */
static void merge_one(const struct dagg *ag, const char *v, int64_t *m)
{
	switch (ag->func) {
	case AGG_SUM:
		agg_fold(ag, m, v + 8);
		break;
	case AGG_QUANTIZE: case AGG_LQUANTIZE: case AGG_LLQUANTIZE:
		if (ag->value_size >= 8 + agg_merged_size(ag))
			agg_fold(ag, m, v + 8);
		break;
	default:
		agg_fold(ag, m, v);
		break;
	}
}

/*
 * sum() may be kept without the update count (8 bytes: just the sum);
 * then a CPU counts as having updated when its sum is not 0, and an
 * entry of a keyed aggregation as touched because it exists.
 */
static bool bare_sum(const struct dagg *ag)
{
	return ag->func == AGG_SUM && ag->value_size < 16;
}

bool agg_merge(const struct dagg *ag, const void *percpu, int ncpu,
	       size_t stride, void *out)
{
	size_t size = agg_merged_size(ag);
	int64_t *m = out;
	bool touched = bare_sum(ag) && ag->nkeys > 0;

	memset(out, 0, size);
	if (ag->value_size < 8)
		return false;
	for (int c = 0; c < ncpu; c++) {
		const char *v = (const char *)percpu + (size_t)c * stride;

		if (get64(v, 0) == 0)
			continue;
		if (bare_sum(ag))
			m[0] += get64(v, 0);
		else
			merge_one(ag, v, m);
		touched = true;
	}
	return touched;
}

int agg_snapshot(struct arena *a, const struct dagg *ag, int fd,
		 struct agg_entry **entries, size_t *n)
{
	return agg_snapshot_all(a, ag, fd, false, entries, n);
}

/*
 * aggpercpu: each CPU's value on its own, in the merged layout.  A CPU
 * that never updated the entry has min() at INT64_MAX and max() at
 * INT64_MIN, the identities Oracle's DTrace starts them from.
 */
static void *split_percpu(struct arena *a, const struct dagg *ag,
			  const char *vals, int ncpu, size_t stride)
{
	size_t msize = agg_merged_size(ag);
	char *out = arena_alloc(a, msize * (size_t)ncpu);

	for (int c = 0; c < ncpu; c++) {
		int64_t *m = (int64_t *)(void *)(out + (size_t)c * msize);

		if (agg_merge(ag, vals + (size_t)c * stride, 1, stride, m))
			continue;
		if (ag->func == AGG_MIN)
			m[1] = INT64_MAX;
		else if (ag->func == AGG_MAX)
			m[1] = INT64_MIN;
	}
	return out;
}

int agg_snapshot_all(struct arena *a, const struct dagg *ag, int fd,
		     bool untouched, struct agg_entry **entries, size_t *n)
{
	return agg_snapshot_ex(a, ag, fd, untouched, false, entries, n);
}

int agg_snapshot_ex(struct arena *a, const struct dagg *ag, int fd,
		    bool untouched, bool percpu, struct agg_entry **entries,
		    size_t *n)
{
	VEC(struct agg_entry) ents = {0};
	size_t stride = ((size_t)ag->value_size + 7) & ~(size_t)7;
	size_t msize = agg_merged_size(ag);
	int ncpu = libbpf_num_possible_cpus();
	void *key = NULL, *next, *vals = NULL, *merged;
	int err = 0;

	*entries = NULL;
	*n = 0;
	if (ncpu <= 0)
		return ncpu ? ncpu : -EINVAL;
	next = xmalloc(ag->key_size);
	vals = xmalloc(stride * (size_t)ncpu);
	merged = xmalloc(msize ? msize : 1);
	for (;;) {
		struct agg_entry e = { 0 };

		if (bpf_map_get_next_key(fd, key, next) < 0) {
			if (errno != ENOENT)
				err = -errno;
			break;
		}
		if (!key)
			key = xmalloc(ag->key_size);
		memcpy(key, next, ag->key_size);
		if (!dagg_owns_key(ag, key))	/* another's, in a shared map */
			continue;
		if (bpf_map_lookup_elem(fd, key, vals) < 0) {
			if (errno == ENOENT)	/* deleted meanwhile */
				continue;
			err = -errno;
			break;
		}
		if (!agg_merge(ag, vals, ncpu, stride, merged) && !untouched)
			continue;
		e.key = arena_memdup(a, key, ag->key_size);
		e.val = arena_memdup(a, merged, msize);
		if (percpu) {
			e.percpu = split_percpu(a, ag, vals, ncpu, stride);
			e.ncpu = ncpu;
		}
		vec_push(&ents, e);
	}
	if (!err && ents.len) {
		*entries = arena_memdup(a, ents.data,
					ents.len * sizeof(*ents.data));
		*n = ents.len;
	}
	vec_free(&ents);
	free(key);
	free(next);
	free(vals);
	free(merged);
	return err;
}
