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
#include "../lib/memcheck.h"
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
void *agg_split_percpu(struct arena *a, const struct dagg *ag,
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

/*
 * The tuple as the printers read it from a map key that keeps probe
 * description strings as string-table offsets, execname in 16 bytes
 * and stacks as ids (dagg.kkeys): each such key becomes its string,
 * NUL-padded to its strsize slot, or its stack's frames.  The table
 * holds each string once, so distinct offsets are distinct strings and
 * no two map entries become one tuple.
 */
void *agg_expand_key(struct arena *a, const struct dagg *ag,
			const char *mkey)
{
	char *key = arena_alloc(a, ag->tuple_size + 8);
	const struct dobj *o = ag->strs;

	memset(key, 0, ag->tuple_size + 8);
	for (int i = 0; i < ag->nkeys; i++) {
		const struct dval *k = &ag->kkeys[i], *v = &ag->keys[i];
		uint64_t off;

		if (k->kind == DV_STACKID) {
			agg_stackid_frames(ag, k, mkey + k->offset,
					   key + v->offset, v->size);
			continue;
		}
		if (k->kind != DV_PROBESTR) {	/* execname: k->size 16 */
			memcpy(key + v->offset, mkey + k->offset,
			       k->size < v->size ? k->size : v->size);
			continue;
		}
		memcpy(&off, mkey + k->offset, sizeof(off));
		if (off < o->strtab.len) {
			size_t n = strnlen(o->strtab.data + off,
					   o->strtab.len - off);

			memcpy(key + v->offset, o->strtab.data + off,
			       n < v->size ? n : v->size);
		}
	}
	memcpy(key + ag->tuple_size, mkey + ag->ktuple_size, 8);
	return key;
}

int agg_snapshot_all(struct arena *a, const struct dagg *ag, int fd,
		     bool untouched, struct agg_entry **entries, size_t *n)
{
	return agg_snapshot_ex(a, ag, fd, untouched, false, entries, n);
}

/* A snapshot being read: where its entries go, and how they are merged. */
struct snap {
	struct arena *a;
	const struct dagg *ag;
	/* the entries (len of them) and their keys and values (one record
	 * of rec bytes each, in the entries' order), in mappings grown by
	 * moving their pages: a million entries are 48 + 16 MB */
	struct agg_snapbuf *buf;
	size_t len;
	size_t stride, msize, koff, rec;
	int ncpu;
	bool untouched, percpu;
	void *merged;
};

/* Take one map entry (key, its ncpu values) if it is one of ag's. */
static void snap_take(struct snap *s, const void *key, const void *vals)
{
	const struct dagg *ag = s->ag;
	struct agg_snapbuf *b = s->buf;
	struct agg_entry e = { 0 };

	if (!dagg_owns_key(ag, key))	/* another's, in a shared map */
		return;
	if (!agg_merge(ag, vals, s->ncpu, s->stride, s->merged) &&
	    !s->untouched)
		return;
	if (s->len == b->cap) {
		size_t cap = b->cap ? 2 * b->cap : 1024;

		b->ents = xmap_grow(b->ents, b->cap * sizeof(e),
				    cap * sizeof(e));
		b->kv = xmap_grow(b->kv, b->cap * s->rec, cap * s->rec);
		b->cap = cap;
		b->rec = s->rec;
	}
	/* key and value in one record; the pointers to it are set once
	 * every entry is in (agg_snapshot_into), as the mapping may move */
	char *kv = b->kv + s->len * s->rec;

	memcpy(kv, key, ag->key_size);
	memset(kv + ag->key_size, 0, s->koff - ag->key_size);
	memcpy(kv + s->koff, s->merged, s->msize);
	if (ag->kkeys)
		e.key = agg_expand_key(s->a, ag, key);
	if (s->percpu) {
		e.percpu = agg_split_percpu(s->a, ag, vals, s->ncpu, s->stride);
		e.ncpu = s->ncpu;
	}
	b->ents[s->len++] = e;
}

/* Entry by entry: a key, then its values, two system calls each. */
static int snap_each(struct snap *s, int fd)
{
	void *key = NULL, *next = xmalloc(s->ag->key_size);
	void *vals = xmalloc(s->stride * (size_t)s->ncpu);
	int err = 0;

	for (;;) {
		if (bpf_map_get_next_key(fd, key, next) < 0) {
			if (errno != ENOENT)
				err = -errno;
			break;
		}
		if (!key)
			key = xmalloc(s->ag->key_size);
		memcpy(key, next, s->ag->key_size);
		if (!dagg_owns_key(s->ag, key))
			continue;
		if (bpf_map_lookup_elem(fd, key, vals) < 0) {
			if (errno == ENOENT)	/* deleted meanwhile */
				continue;
			err = -errno;
			break;
		}
		/* a per-CPU map's value for every CPU */
		mc_defined(vals, s->stride * (size_t)s->ncpu);
		snap_take(s, key, vals);
	}
	free(key);
	free(next);
	free(vals);
	return err;
}

/*
 * Every entry of map fd, thousands a system call (BPF_MAP_LOOKUP_BATCH,
 * Linux 5.6; with del, BPF_MAP_LOOKUP_AND_DELETE_BATCH), each given to
 * take(arg, key, vals): printing a million keys took seconds entry by
 * entry.  want entries a call to start with, more when a bucket holds
 * more.  1: the kernel cannot batch this map, and nothing was taken.
 */
/* BDT_MAP_BATCH=0: every map read and written entry by entry, as on a
 * kernel without batch operations (the fallbacks' tests). */
static bool batch_off(void)
{
	const char *v = getenv("BDT_MAP_BATCH");

	return v && strcmp(v, "0") == 0;
}

int agg_batch(int fd, bool del, uint32_t want, size_t ks, size_t vs,
	      void (*take)(void *arg, const void *key, const void *vals),
	      void *arg)
{
	LIBBPF_OPTS(bpf_map_batch_opts, opts);
	/* the position between calls: a bucket index for hashes */
	uint64_t pos[2] = { 0, 0 };
	bool first = true;
	char *keys = NULL, *vals = NULL;
	uint32_t count;
	int err;

	if (batch_off())
		return 1;
	for (;;) {
		keys = xrealloc(keys, want * ks);
		vals = xrealloc(vals, want * vs);
		count = want;
		err = (del ? bpf_map_lookup_and_delete_batch
			   : bpf_map_lookup_batch)(fd, first ? NULL : &pos[0],
						   &pos[1], keys, vals,
						   &count, &opts) < 0 ?
		      -errno : 0;
		if (err == -ENOSPC && count == 0) {	/* a bucket holds more */
			want *= 2;
			continue;
		}
		if (err && err != -ENOENT) {
			err = first ? 1 : err;
			break;
		}
		mc_defined(&count, sizeof(count));
		mc_defined(&pos[1], sizeof(pos[1]));
		mc_defined(keys, count * ks);
		mc_defined(vals, count * vs);
		for (uint32_t i = 0; i < count; i++)
			take(arg, keys + i * ks, vals + i * vs);
		if (err == -ENOENT) {
			err = 0;
			break;
		}
		pos[0] = pos[1];
		first = false;
	}
	free(keys);
	free(vals);
	return err;
}

static void snap_take_batched(void *s, const void *key, const void *vals)
{
	snap_take(s, key, vals);
}

void agg_snapbuf_free(struct agg_snapbuf *b)
{
	xmap_free(b->ents, b->cap * sizeof(*b->ents));
	xmap_free(b->kv, b->cap * b->rec);
	memset(b, 0, sizeof(*b));
}

int agg_snapshot_into(struct arena *a, const struct dagg *ag, int fd,
		      bool untouched, bool percpu, struct agg_snapbuf *buf,
		      struct agg_entry **entries, size_t *n)
{
	struct snap s = { .a = a, .ag = ag, .buf = buf, .untouched = untouched,
			  .percpu = percpu,
			  .stride = ((size_t)ag->value_size + 7) & ~(size_t)7,
			  .msize = agg_merged_size(ag),
			  .koff = ((size_t)ag->key_size + 7) & ~(size_t)7,
			  .ncpu = libbpf_num_possible_cpus() };
	int err = 1;

	*entries = NULL;
	*n = 0;
	if (s.ncpu <= 0)
		return s.ncpu ? s.ncpu : -EINVAL;
	s.rec = s.koff + ((s.msize + 7) & ~(size_t)7);
	if (buf->cap && buf->rec != s.rec) {	/* another shape before */
		agg_snapbuf_free(buf);
	}
	s.merged = xmalloc(s.msize ? s.msize : 1);
	if (ag->nkeys)
		err = agg_batch(fd, false, 4096, ag->key_size,
				s.stride * (size_t)s.ncpu, snap_take_batched, &s);
	if (err == 1)
		err = snap_each(&s, fd);
	free(s.merged);
	if (err || !s.len)
		return err;
	for (size_t i = 0; i < s.len; i++) {
		struct agg_entry *e = &buf->ents[i];
		char *kv = buf->kv + i * s.rec;

		e->mkey = kv;
		e->val = kv + s.koff;
		if (!ag->kkeys)
			e->key = kv;
	}
	*entries = buf->ents;
	*n = s.len;
	return 0;
}

int agg_snapshot_ex(struct arena *a, const struct dagg *ag, int fd,
		    bool untouched, bool percpu, struct agg_entry **entries,
		    size_t *n)
{
	struct agg_snapbuf buf = { 0 };
	int err = agg_snapshot_into(a, ag, fd, untouched, percpu, &buf,
				    entries, n);

	if (err || !*n) {
		agg_snapbuf_free(&buf);
		return err;
	}
	/* the mappings themselves, not copies */
	arena_adopt_map(a, buf.ents, buf.cap * sizeof(*buf.ents));
	arena_adopt_map(a, buf.kv, buf.cap * buf.rec);
	return 0;
}

#ifndef ENOTSUPP
#define ENOTSUPP	524	/* the kernel's: no such batch operation */
#endif

/* Keys (and values) at most this many bytes a batch call. */
#define WRITE_BATCH_BYTES	(1024 * 1024)

/*
 * Delete the n keys of ents (del), or set each CPU's value of each of
 * them to zeros, thousands a system call (BPF_MAP_DELETE_BATCH,
 * BPF_MAP_UPDATE_BATCH, Linux 5.6): trunc() and clear() of a million
 * keys took a million calls.  A key gone meanwhile stops a deletion
 * where it lies (the count says how many before it were done), and is
 * skipped.  1: the kernel cannot batch the map, and nothing was done.
 */
static int write_batch(int fd, const struct agg_entry *ents, size_t n,
		       size_t ks, size_t vs, bool del)
{
	/* elem_flags takes BPF_F_LOCK alone: the zeros are written with
	 * BPF_ANY, which only the consumer's own trunc() could race */
	LIBBPF_OPTS(bpf_map_batch_opts, opts);
	size_t per = WRITE_BATCH_BYTES / (ks + (del ? 0 : vs));
	char *keys, *zeros = NULL;
	int err = 0;

	if (batch_off())
		return 1;
	if (per < 1)
		per = 1;
	if (per > n)
		per = n;
	keys = xmalloc(per * ks);
	if (!del)
		zeros = xcalloc(per, vs);
	for (size_t i = 0; i < n && !err;) {
		uint32_t count = (uint32_t)(n - i < per ? n - i : per);

		for (uint32_t j = 0; j < count; j++)
			memcpy(keys + j * ks, ents[i + j].mkey, ks);
		int r = del ? bpf_map_delete_batch(fd, keys, &count, &opts)
			    : bpf_map_update_batch(fd, keys, zeros, &count,
						   &opts);

		mc_defined(&count, sizeof(count));
		if (r == 0) {
			i += count;
			continue;
		}
		err = -errno;
		if (err == -ENOENT) {		/* the key after count: gone */
			i += count + 1;
			err = 0;
		} else if (i == 0 && (err == -EINVAL || err == -ENOTSUPP ||
				      err == -EOPNOTSUPP)) {
			/* not here (count is then not written back): entry
			 * by entry, which repeats harmlessly what was done */
			err = 1;
		}
	}
	free(keys);
	free(zeros);
	return err;
}

int agg_zero_entries(int fd, const struct dagg *ag,
		     const struct agg_entry *ents, size_t n, bool del)
{
	size_t stride = ((size_t)ag->value_size + 7) & ~(size_t)7;
	int ncpu = libbpf_num_possible_cpus(), err = 1;
	void *zeros;

	if (ncpu <= 0)
		return -EINVAL;
	/* an aggregation without keys is one array slot: zeroed */
	del = del && ag->nkeys;
	if (n > 1)
		err = write_batch(fd, ents, n, ag->key_size,
				  stride * (size_t)ncpu, del);
	if (err != 1)
		return err;
	err = 0;
	zeros = xcalloc((size_t)ncpu, stride);
	for (size_t i = 0; i < n; i++) {
		int r = del ? bpf_map_delete_elem(fd, ents[i].mkey)
			    : bpf_map_update_elem(fd, ents[i].mkey, zeros,
						  BPF_EXIST);

		if (r < 0 && errno != ENOENT)
			err = -errno;
	}
	free(zeros);
	return err;
}
