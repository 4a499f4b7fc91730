/*
 * Draining the keyed aggregations (-x aggrate): as DTrace's consumer
 * snapshots its per-CPU aggregation buffers at every aggrate and merges
 * them into a table of its own, the entries of the kernel's maps are
 * moved out (BPF_MAP_LOOKUP_AND_DELETE_BATCH) into the consumer's copy
 * of each aggregation, which printa(), clear() and trunc() then read.
 * A map then holds only the keys updated since the last drain, so
 * aggsize bounds what one period adds, not the whole aggregation, as
 * DTrace's aggsize does.  Key-less aggregations are array slots, bounded
 * already, and are read in place.
 *
 * A program updates an entry in place: it looks it up, then adds to
 * the value.  An entry taken between the two would lose the update (and
 * a preallocated hash may give its element to another key meanwhile),
 * so a drain never takes from a map a program may be writing: compiled
 * with an aggrate, each keyed map has a twin (codegen/cg_aggmap.c) and
 * the programs update the map of the generation a word names.  A drain
 * switches the word, waits until every program that may have read the
 * old generation has ended, then empties the old map, whatever its
 * size; one switch and one wait serve every map.
 */
#include "agg.h"

#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <linux/membarrier.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "../codegen/dobj.h"
#include "debug.h"
#include "../lib/strmap.h"
#include "../lib/vec.h"
#include "fmt.h"
#include "../lib/memcheck.h"

struct acc_ent {
	struct agg_entry e;	/* key, mkey, merged value (and per CPU) */
	bool gone;		/* removed by trunc(); revived if updated */
};

/* The consumer's copy of one aggregation. */
struct agg_acc {
	struct arena mem;
	VEC(struct acc_ent *) ents;
	struct strmap index;	/* the map key in hex -> acc_ent */
};

/* The entries of one map being drained. */
struct drain {
	struct agg_rt *rt;
	int map;
	int ncpu;
	size_t stride;		/* of one CPU's value */
	char *hex;		/* the key being looked up, in hex */
	void *merged;
};

static void hex_key(char *out, const void *key, size_t n)
{
	static const char digits[] = "0123456789abcdef";
	const unsigned char *k = key;

	for (size_t i = 0; i < n; i++) {
		out[2 * i] = digits[k[i] >> 4];
		out[2 * i + 1] = digits[k[i] & 15];
	}
	out[2 * n] = '\0';
}

static struct agg_acc *acc_of(struct agg_rt *rt, size_t i)
{
	if (!rt->st[i].acc)
		rt->st[i].acc = xcalloc(1, sizeof(struct agg_acc));
	return rt->st[i].acc;
}

static struct acc_ent *acc_find(const struct agg_acc *acc, char *hex,
				const struct dagg *ag, const void *mkey)
{
	hex_key(hex, mkey, ag->key_size);
	return strmap_get(&acc->index, hex);
}

/* Fold each CPU's value of vals into x's, as one more update each. */
static void fold_percpu(struct drain *d, const struct dagg *ag,
			struct acc_ent *x, const void *vals)
{
	size_t msize = agg_merged_size(ag);
	struct arena tmp = {0};
	char *add = agg_split_percpu(&tmp, ag, vals, d->ncpu, d->stride);

	for (int c = 0; c < d->ncpu; c++)
		agg_fold(ag, (char *)x->e.percpu + (size_t)c * msize,
			 add + (size_t)c * msize);
	arena_free(&tmp);
}

/* One drained entry (its key, ncpu values) into ag's copy. */
static void acc_add(struct drain *d, const struct dagg *ag, size_t i,
		    const void *key, const void *vals)
{
	struct agg_acc *acc = acc_of(d->rt, i);
	struct acc_ent *x;

	if (!agg_merge(ag, vals, d->ncpu, d->stride, d->merged))
		return;		/* made by a program that has yet to update */
	x = acc_find(acc, d->hex, ag, key);
	if (x && !x->gone) {
		agg_fold(ag, (void *)x->e.val, d->merged);
		if (x->e.percpu)
			fold_percpu(d, ag, x, vals);
		return;
	}
	if (!x) {
		x = arena_alloc(&acc->mem, sizeof(*x));
		x->e.mkey = arena_memdup(&acc->mem, key, ag->key_size);
		x->e.key = ag->kkeys ? agg_expand_key(&acc->mem, ag, x->e.mkey)
				     : x->e.mkey;
		strmap_put(&acc->index,
			   arena_memdup(&acc->mem, d->hex,
					2 * (size_t)ag->key_size + 1), x);
		vec_push(&acc->ents, x);
	}
	x->gone = false;
	x->e.val = arena_memdup(&acc->mem, d->merged, agg_merged_size(ag));
	x->e.percpu = NULL;
	if (d->rt->percpu) {
		x->e.percpu = agg_split_percpu(&acc->mem, ag, vals, d->ncpu,
					       d->stride);
		x->e.ncpu = d->ncpu;
	}
}

/* A drained map entry to the aggregation whose key it is. */
static void route(struct drain *d, const void *key, const void *vals)
{
	const struct dobj *obj = d->rt->obj;

	for (size_t i = 0; i < obj->aggs.len; i++) {
		const struct dagg *ag = &obj->aggs.data[i];

		if (ag->map == d->map && ag->nkeys && dagg_owns_key(ag, key)) {
			acc_add(d, ag, i, key, vals);
			return;
		}
	}
}

/* Entry by entry, where the kernel cannot batch: at most the map's size
 * (nothing adds to a retired map; the bound is a guard all the same). */
static int drain_each(struct drain *d, const struct dmap *m)
{
	void *key = xmalloc(m->key_size);
	void *vals = xmalloc(d->stride * (size_t)d->ncpu);
	int err = 0;

	for (uint32_t n = 0; n < m->max_entries; n++) {
		if (bpf_map_get_next_key(m->fd, NULL, key) < 0) {
			err = errno == ENOENT ? 0 : -errno;
			break;
		}
		if (bpf_map_lookup_elem(m->fd, key, vals) == 0) {
			mc_defined(vals, d->stride * (size_t)d->ncpu);
			route(d, key, vals);
		}
		if (bpf_map_delete_elem(m->fd, key) < 0 && errno != ENOENT) {
			err = -errno;
			break;
		}
	}
	free(key);
	free(vals);
	return err;
}

static void route_batched(void *d, const void *key, const void *vals)
{
	route(d, key, vals);
}

/* Every entry of map m (the generation of ag's map, ag->map, that no
 * program writes any more) into the copies of the aggregations in it. */
static int drain_map(struct agg_rt *rt, const struct dagg *ag,
		     const struct dmap *m)
{
	struct drain d = { .rt = rt, .map = ag->map,
			   .ncpu = libbpf_num_possible_cpus() };
	int err;

	if (d.ncpu <= 0)
		return d.ncpu ? d.ncpu : -EINVAL;
	d.stride = ((size_t)m->value_size + 7) & ~(size_t)7;
	d.hex = xmalloc(2 * (size_t)m->key_size + 1);
	d.merged = xmalloc(agg_merged_size(ag) ? agg_merged_size(ag) : 1);
	err = agg_batch(m->fd, true, 1024, m->key_size,
			d.stride * (size_t)d.ncpu, route_batched, &d);
	if (err == 1)
		err = drain_each(&d, m);
	free(d.hex);
	free(d.merged);
	return err;
}

/*
 * Until every BPF program that may have read the old generation has
 * ended.  The programs on tracepoints (trace_call_bpf()), raw
 * tracepoints and tp_btf (__bpf_trace_run(), the trampolines'
 * __bpf_prog_enter()), perf events and uprobes (bpf_prog_run_array*(),
 * for programs that do not sleep: none of ours that aggregates does)
 * run inside an RCU read-side section (kernel/trace/bpf_trace.c,
 * include/linux/bpf.h), and MEMBARRIER_CMD_GLOBAL is synchronize_rcu()
 * (kernel/sched/membarrier.c).  It does not wait with one CPU online
 * (a program that cannot be preempted has then ended) and is refused
 * under nohz_full: there, a short sleep lets a program preempted inside
 * its section end, which is likely, not certain.
 */
static void wait_programs(void)
{
	struct timespec ts = { .tv_nsec = 2000000 };

	if (sysconf(_SC_NPROCESSORS_ONLN) > 1 &&
	    syscall(__NR_membarrier, MEMBARRIER_CMD_GLOBAL, 0, 0) == 0)
		return;
	nanosleep(&ts, NULL);
}

/* The programs switched to the other generation; the old one. */
static int switch_gen(struct agg_rt *rt, const struct dmap *gen)
{
	uint32_t key = 0, old = rt->mapgen, next = old ^ 1;

	if (bpf_map_update_elem(gen->fd, &key, &next, BPF_ANY) < 0)
		return -errno;
	rt->mapgen = next;
	wait_programs();
	return (int)old;
}

/* Is aggregation i the first drained one in its map (which the keyed
 * aggregations of a shape share)? */
static bool first_drained(const struct dobj *obj, size_t i)
{
	const struct dagg *ag = &obj->aggs.data[i];

	if (!ag->map2)
		return false;
	for (size_t j = 0; j < i; j++)
		if (obj->aggs.data[j].map == ag->map)
			return false;
	return true;
}

/* Does a map of either generation hold an entry?  (An error reading
 * one counts as an entry: it is drained.) */
static bool any_entry(const struct dobj *obj)
{
	bool any = false;

	for (size_t i = 0; i < obj->aggs.len && !any; i++) {
		const struct dagg *ag = &obj->aggs.data[i];
		void *key;

		if (!first_drained(obj, i))
			continue;
		key = xmalloc(obj->maps.data[ag->map].key_size);
		any = bpf_map_get_next_key(obj->maps.data[ag->map].fd, NULL,
					   key) == 0 || errno != ENOENT ||
		      bpf_map_get_next_key(obj->maps.data[ag->map2].fd, NULL,
					   key) == 0 || errno != ENOENT;
		free(key);
	}
	return any;
}

int agg_drain_all(struct agg_rt *rt)
{
	const struct dobj *obj = rt->obj;
	int old, err = 0;

	if (!obj || !obj->agg_gen)
		return 0;	/* compiled without aggrate: read in place */
	/* nothing to take: no switch, and no wait for the programs */
	if (!any_entry(obj))
		return 0;
	old = switch_gen(rt, &obj->maps.data[obj->agg_gen]);
	if (old < 0)
		return old;
	for (size_t i = 0; i < obj->aggs.len && !err; i++) {
		const struct dagg *ag = &obj->aggs.data[i];

		if (first_drained(obj, i))
			err = drain_map(rt, ag, &obj->maps.data[old ? ag->map2
								    : ag->map]);
	}
	return err;
}

void agg_drain_debug(const struct dopts *opts, const struct dobj *obj)
{
	uint64_t bytes = 0;
	size_t n = 0;

	for (size_t i = 0; obj && i < obj->aggs.len; i++) {
		const struct dmap *m = &obj->maps.data[obj->aggs.data[i].map2];

		if (!first_drained(obj, i))
			continue;
		n++;
		bytes += (uint64_t)(m->key_size + m->value_size) *
			 m->max_entries;
	}
	if (n)
		debug_printf(opts, "aggrate: %zu keyed aggregation map%s "
			     "doubled for draining: %llu bytes more, as "
			     "aggsize counts them", n, n == 1 ? "" : "s",
			     (unsigned long long)bytes);
}

int agg_acc_snapshot(struct agg_rt *rt, uint32_t id, struct arena *a,
		     struct agg_entry **ents, size_t *n)
{
	const struct dagg *ag = &rt->obj->aggs.data[id - 1];
	const struct agg_acc *acc = rt->st[id - 1].acc;
	size_t msize = agg_merged_size(ag), k = 0;

	*ents = NULL;
	*n = 0;
	if (!acc || !acc->ents.len)
		return 0;
	*ents = arena_alloc(a, acc->ents.len * sizeof(**ents));
	for (size_t i = 0; i < acc->ents.len; i++) {
		const struct acc_ent *x = acc->ents.data[i];
		struct agg_entry *e = &(*ents)[k];

		if (x->gone)
			continue;
		/* copies: a later drain folds into the copy's values */
		*e = x->e;
		e->val = arena_memdup(a, x->e.val, msize);
		if (x->e.percpu)
			e->percpu = arena_memdup(a, x->e.percpu,
						 msize * (size_t)x->e.ncpu);
		k++;
	}
	*n = k;
	return 0;
}

void agg_acc_clear(struct agg_rt *rt, uint32_t id)
{
	const struct dagg *ag = &rt->obj->aggs.data[id - 1];
	struct agg_acc *acc = rt->st[id - 1].acc;
	size_t msize = agg_merged_size(ag);

	for (size_t i = 0; acc && i < acc->ents.len; i++) {
		struct acc_ent *x = acc->ents.data[i];

		memset((void *)x->e.val, 0, msize);
		if (x->e.percpu) {
			/* each CPU as never updated (min and max too) */
			size_t stride = ((size_t)ag->value_size + 7) & ~(size_t)7;
			void *zeros = xcalloc((size_t)x->e.ncpu, stride);

			x->e.percpu = agg_split_percpu(&acc->mem, ag, zeros,
						       x->e.ncpu, stride);
			free(zeros);
		}
	}
}

void agg_acc_remove(struct agg_rt *rt, uint32_t id,
		    const struct agg_entry *ents, size_t n)
{
	const struct dagg *ag = &rt->obj->aggs.data[id - 1];
	const struct agg_acc *acc = rt->st[id - 1].acc;
	char *hex;

	if (!acc)
		return;
	hex = xmalloc(2 * (size_t)ag->key_size + 1);
	for (size_t i = 0; i < n; i++) {
		struct acc_ent *x = acc_find(acc, hex, ag, ents[i].mkey);

		if (x)
			x->gone = true;
	}
	free(hex);
}

void agg_acc_free(struct agg_acc *acc)
{
	if (!acc)
		return;
	arena_free(&acc->mem);
	vec_free(&acc->ents);
	strmap_free(&acc->index);
	free(acc);
}
