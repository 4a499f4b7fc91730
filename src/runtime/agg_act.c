/*
 * The aggregations at run time: what the consumer does, in record
 * order, for printa(), trunc(), clear(), normalize(), denormalize() and
 * setopt() (libdtrace's dt_consume.c does the same for its LIBACT and
 * PRINTA records), and the listing at exit of the aggregations printa()
 * has not printed.  Each printa() reads a fresh snapshot of the kernel's
 * per-CPU maps, merged (agg.c), normalized and sorted as the options
 * say, and formats it (fmt_agg.c, fmt_print.c).
 */
#include "agg.h"

#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../codegen/dobj.h"
#include "fmt.h"
#include "ofmt.h"
#include "options.h"

void agg_rt_init(struct agg_rt *rt, const struct dobj *obj,
		 const struct dopts *opts)
{
	size_t n = obj ? obj->aggs.len : 0;

	memset(rt, 0, sizeof(*rt));
	rt->obj = obj;
	rt->st = calloc(n + 1, sizeof(*rt->st));
	/* drained only when compiled with an aggrate: a setopt() of one
	 * while tracing finds no twin maps (agg_drain.c) */
	rt->drain = obj && obj->agg_gen;
	rt->drain_gen = UINT64_MAX;
	for (size_t i = 0; i < n && rt->st; i++)
		rt->st[i].normal = 1;
	if (opts) {
		rt->sortkey = opts->aggsortkey;
		rt->sortrev = opts->aggsortrev;
		rt->sortpos = (int)opts->aggsortpos;
		rt->sortkeypos = (int)opts->aggsortkeypos;
		rt->percpu = opts->aggpercpu;
		rt->aggrate = opts->aggrate;
		rt->fold = opts->aggfold;
		fmt_agg_set_zoom(opts->aggzoom);
		fmt_agg_set_hist(opts->agghist);
	}
}

void agg_rt_free(struct agg_rt *rt)
{
	if (!rt)
		return;
	for (size_t i = 0; rt->st && rt->obj && i < rt->obj->aggs.len; i++) {
		arena_free(&rt->st[i].mem);
		agg_snapbuf_free(&rt->st[i].buf);
		agg_acc_free(rt->st[i].acc);
	}
	free(rt->st);
	rt->st = NULL;
}

bool agg_rt_is_action(int k)
{
	return k == DACT_PRINTA || k == DACT_TRUNC || k == DACT_CLEAR ||
	       k == DACT_NORMALIZE || k == DACT_DENORMALIZE || k == DACT_SETOPT;
}

static const struct dagg *agg_of(const struct agg_rt *rt, uint32_t id)
{
	if (!rt->obj || id == 0 || id > rt->obj->aggs.len || !rt->st)
		return NULL;
	return &rt->obj->aggs.data[id - 1];
}

static int map_fd(const struct agg_rt *rt, const struct dagg *ag)
{
	if (ag->map < 0 || (size_t)ag->map >= rt->obj->maps.len)
		return -1;
	return rt->obj->maps.data[ag->map].fd;
}

/* Divide what prints of a merged value by normalize()'s factor. */
static void normalize_val(const struct dagg *ag, void *val, int64_t normal)
{
	int64_t *w = val;
	size_t n;

	if (normal == 1 || normal == 0)
		return;
	switch (ag->func) {
	case AGG_COUNT:
	case AGG_SUM:
		w[0] /= normal;
		break;
	case AGG_AVG:
	case AGG_MIN:
	case AGG_MAX:
		w[1] /= normal;
		break;
	case AGG_STDDEV:
		break;
	default:
		n = fmt_agg_value_size(ag) / 8;
		for (size_t i = 0; i < n; i++)
			w[i] /= normal;
		break;
	}
}

/* Rows formatted between writes when streaming: about 256 KB of text. */
#define PRINT_CHUNK	8192

static int period_snapshot(struct agg_rt *rt, uint32_t id);
static uint64_t now_ns(void);

/* Is aggregation ag drained into the consumer's copy (agg_drain.c)? */
static bool is_drained(const struct agg_rt *rt, const struct dagg *ag)
{
	return rt->drain && ag->map2;
}

/* Every drained map into the copies, with one switch of generation. */
static int drain_all(struct agg_rt *rt)
{
	rt->drain_gen = rt->gen;
	rt->lastdrain = now_ns();
	return agg_drain_all(rt);
}

/*
 * Every entry of aggregation id (with untouched ones: after clear()),
 * from its map, or, drained under aggrate, from the consumer's copy:
 * the maps drained first once a period for printa() (all of them,
 * whichever aggregation is read first), and at once (now) for trunc()
 * and clear(), which act on every update made before them.
 */
static int read_entries(struct agg_rt *rt, struct arena *a, uint32_t id,
			bool untouched, bool percpu, bool now,
			struct agg_snapbuf *buf, struct agg_entry **ents,
			size_t *n)
{
	const struct dagg *ag = agg_of(rt, id);
	int err = 0;

	if (!is_drained(rt, ag) && buf)
		return agg_snapshot_into(a, ag, map_fd(rt, ag), untouched,
					 percpu, buf, ents, n);
	if (!is_drained(rt, ag))
		return agg_snapshot_ex(a, ag, map_fd(rt, ag), untouched,
				       percpu, ents, n);
	if (now || rt->drain_gen != rt->gen)
		err = drain_all(rt);
	return err < 0 ? err : agg_acc_snapshot(rt, id, a, ents, n);
}

/*
 * aggrate: as DTrace's dtrace_aggregate_snap(), the consumer snapshots
 * every aggregation when it wakes, at most every aggrate (a new period,
 * gen); printa() shows the period's snapshot, however the aggregation
 * changed since.  Without aggrate, each printa() reads the map.  The
 * first period starts at the first printa() read (next_period()), not
 * at a wake before it: DTrace's first wake comes after the -c command
 * has started, and a consumer that woke before its first record (a
 * busy machine starting the command late) would otherwise show an
 * empty aggregation for a whole period.
 */
static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void tick(struct agg_rt *rt)
{
	uint64_t now = now_ns();

	if (rt->lastagg && now - rt->lastagg < rt->aggrate)
		return;
	rt->lastagg = rt->lastagg ? rt->lastagg + rt->aggrate : now;
	rt->gen++;
	for (size_t i = 0; rt->obj && i < rt->obj->aggs.len; i++)
		if (map_fd(rt, &rt->obj->aggs.data[i]) >= 0)
			period_snapshot(rt, (uint32_t)i + 1);
}

void agg_rt_tick(struct agg_rt *rt)
{
	uint64_t now;

	if (rt->aggrate && rt->lastagg)
		tick(rt);
	if (!rt->drain)
		return;
	/* the snapshot above drained the maps; without one, drain them
	 * all the same, so that no map fills between printa()s */
	now = now_ns();
	if (now - rt->lastdrain < rt->aggrate)
		return;
	drain_all(rt);
}

void agg_rt_stopped(struct agg_rt *rt)
{
	uint64_t now = now_ns();

	if (!rt->aggrate || !rt->lastagg)
		return;		/* no period begun: END's read is the first */
	rt->lastagg = now - rt->aggrate;
	rt->lastdrain = now - rt->aggrate;
	agg_rt_tick(rt);
}

static void next_period(struct agg_rt *rt)
{
	if (!rt->aggrate)
		rt->gen++;
	else if (!rt->lastagg)
		tick(rt);
}

/* The raw snapshot of the current period, read from the map if needed. */
static int period_snapshot(struct agg_rt *rt, uint32_t id)
{
	struct agg_rt_state *st = &rt->st[id - 1];
	int err;

	if (st->have && st->gen == rt->gen)
		return 0;
	arena_free(&st->mem);
	st->have = false;
	/* into the memory of the last period's snapshot, which is over */
	err = read_entries(rt, &st->mem, id, st->cleared, rt->percpu, false,
			   &st->buf, &st->ents, &st->n);
	if (err < 0)
		return err;
	st->have = true;
	st->gen = rt->gen;
	return 0;
}

/* A snapshot of one aggregation, normalized and sorted (a's copy). */
static int snap(struct agg_rt *rt, struct arena *a, uint32_t id,
		const struct fmt_syms *syms, struct agg_entry **ents,
		size_t *n)
{
	const struct dagg *ag = agg_of(rt, id);
	const struct agg_rt_state *st = &rt->st[id - 1];
	size_t msize = fmt_agg_value_size(ag);
	int err = period_snapshot(rt, id);

	if (err < 0)
		return err;
	/* the period's entries are sorted in place (any order of them is
	 * the snapshot), unless folding or normalizing changes them here */
	bool own = (st->normal != 1 && st->normal != 0) ||
		   agg_symkey_folds(ag, syms);

	*n = st->n;
	*ents = st->n && own ? arena_memdup(a, st->ents,
					    st->n * sizeof(**ents))
			     : st->ents;
	for (size_t i = 0; i < *n; i++) {
		struct agg_entry *e = &(*ents)[i];

		if (own)
			e->val = arena_memdup(a, e->val, msize);
		if (e->percpu && own)
			e->percpu = arena_memdup(a, e->percpu,
						 msize * (size_t)e->ncpu);
		e->syms = syms;
	}
	*n = agg_symkey_merge(ag, syms, *ents, *n);
	for (size_t i = 0; i < *n; i++) {
		struct agg_entry *e = &(*ents)[i];

		normalize_val(ag, (void *)e->val, st->normal);
		for (int c = 0; e->percpu && c < e->ncpu; c++)
			normalize_val(ag, (char *)e->percpu +
				      (size_t)c * fmt_agg_value_size(ag),
				      st->normal);
	}
	fmt_agg_sort(ag, *ents, *n, rt->sortkey, rt->sortrev, rt->sortpos,
		     rt->sortkeypos);
	return 0;
}

/*
 * The entries of one aggregation by their tuple key (ks bytes), in an
 * open-addressed table: printa(@a, @b) looked each key up in every
 * aggregation's entries one by one, n * n comparisons for n keys
 * (minutes for 100,000).  The entries are given at each call, as a
 * growing vector may move them.
 */
struct key_index {
	size_t ks, mask;
	size_t *slot;		/* an index in the entries + 1; 0: empty */
};

static size_t key_hash(const void *key, size_t n)
{
	const unsigned char *p = key;
	uint64_t h = 0xcbf29ce484222325ULL;	/* FNV-1a */

	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 0x100000001b3ULL;
	return (size_t)(h ^ (h >> 32));
}

static void kidx_init(struct key_index *x, size_t n, size_t ks)
{
	size_t cap = 16;

	while (cap < 2 * n)
		cap *= 2;
	x->ks = ks;
	x->mask = cap - 1;
	x->slot = xcalloc(cap, sizeof(*x->slot));
}

/* The slot of key: its entry's, or the empty one it would take. */
static size_t *kidx_slot(const struct key_index *x,
			 const struct agg_entry *ents, const void *key)
{
	size_t h = key_hash(key, x->ks) & x->mask;

	while (x->slot[h] && memcmp(ents[x->slot[h] - 1].key, key, x->ks))
		h = (h + 1) & x->mask;
	return &x->slot[h];
}

/* The entry of ents with the key, or NULL. */
static const struct agg_entry *kidx_find(const struct key_index *x,
					 const struct agg_entry *ents,
					 const void *key)
{
	size_t i = *kidx_slot(x, ents, key);

	return i ? &ents[i - 1] : NULL;
}

/* Entry i of ents indexed, unless its key is there already. */
static void kidx_add(struct key_index *x, const struct agg_entry *ents,
		     size_t i)
{
	size_t *slot = kidx_slot(x, ents, ents[i].key);

	if (!*slot)
		*slot = i + 1;
}

/*
 * One key of a joined printa(): each aggregation's value for it (zero
 * where it has no entry), side by side or through the format f.
 */
static int print_joined_row(struct agg_rt *rt, struct arena *a,
			    struct strbuf *out, const struct dact *act,
			    const struct fmt *f, struct agg_entry **ents,
			    const struct key_index *idx,
			    const struct agg_entry *row)
{
	int na = act->naggs, err = 0;
	const struct dagg **aggs = calloc((size_t)na, sizeof(*aggs));
	const void **vals = calloc((size_t)na, sizeof(*vals));
	const struct agg_entry **found = calloc((size_t)na, sizeof(*found));

	for (int i = 0; i < na; i++) {
		aggs[i] = agg_of(rt, act->aggs[i]);
		found[i] = kidx_find(&idx[i], ents[i], row->key);
		vals[i] = found[i] ? found[i]->val
				   : arena_alloc(a, fmt_agg_value_size(aggs[i]));
	}
	if (f) {
		err = fmt_printa_multi(out, f, aggs, vals, na, row);
	} else {
		fmt_agg_print_keys(out, aggs[0], row);
		for (int i = 0; i < na; i++) {
			fmt_agg_print_value(out, aggs[i], vals[i]);
			if (found[i])
				fmt_agg_print_percpu(out, aggs[i], found[i]);
		}
		sb_addc(out, '\n');
	}
	free(aggs);
	free(vals);
	free(found);
	return err;
}

/*
 * printa(@a, @b ...), with or without a format: the keys of the union
 * of their entries, in the order of the aggregation aggsortpos names
 * (its missing entries zero), then each aggregation's value.
 */
static int printa_joined(struct agg_rt *rt, struct strbuf *out,
			 const struct dact *act, const struct fmt *f,
			 const struct fmt_syms *syms)
{
	int na = act->naggs, pos = rt->sortpos >= 0 && rt->sortpos < na ?
				   rt->sortpos : 0;
	struct agg_entry **ents = calloc((size_t)na, sizeof(*ents));
	size_t *ns = calloc((size_t)na, sizeof(*ns)), total = 0;
	struct key_index *idx = calloc((size_t)na, sizeof(*idx)), allidx;
	const struct dagg *lead = agg_of(rt, act->aggs[pos]);
	VEC(struct agg_entry) all = {0};
	struct arena a = {0};
	int err = 0;

	for (int i = 0; i < na && !err; i++)
		err = snap(rt, &a, act->aggs[i], syms, &ents[i], &ns[i]);
	for (int i = 0; i < na; i++) {
		kidx_init(&idx[i], ns[i],
			  agg_of(rt, act->aggs[i])->tuple_size);
		for (size_t j = 0; !err && j < ns[i]; j++)
			kidx_add(&idx[i], ents[i], j);
		total += ns[i];
	}
	/* the lead's entries, then keys only the others have, valued 0 */
	kidx_init(&allidx, total, lead->tuple_size);
	for (size_t j = 0; !err && j < ns[pos]; j++) {
		vec_push(&all, ents[pos][j]);
		kidx_add(&allidx, all.data, all.len - 1);
	}
	for (int i = 0; i < na && !err; i++) {
		for (size_t j = 0; i != pos && j < ns[i]; j++) {
			struct agg_entry e = ents[i][j];

			if (kidx_find(&allidx, all.data, e.key))
				continue;
			e.val = arena_alloc(&a, fmt_agg_value_size(lead));
			vec_push(&all, e);
			kidx_add(&allidx, all.data, all.len - 1);
		}
	}
	if (!err && all.len) {
		fmt_agg_sort(lead, all.data, all.len, rt->sortkey, rt->sortrev,
			     0, rt->sortkeypos);
		if (!f)
			sb_addc(out, '\n');
	}
	for (size_t j = 0; !err && j < all.len; j++)
		err = print_joined_row(rt, &a, out, act, f, ents, idx,
				       &all.data[j]);
	for (int i = 0; i < na; i++) {
		if (ns[i])
			rt->st[act->aggs[i] - 1].printed = true;
		free(idx[i].slot);
	}
	free(allidx.slot);
	free(idx);
	vec_free(&all);
	arena_free(&a);
	free(ents);
	free(ns);
	return err;
}

/*
 * Structured printa(): one {"aggregation-name", "aggregation-data"}
 * object per aggregation, each with its own entries (several
 * aggregations are not joined on their keys: each is whole).
 */
static int printa_xo(struct agg_rt *rt, const struct dact *act,
		     const struct fmt *f, const struct fmt_syms *syms)
{
	int err = 0;

	for (int i = 0; i < act->naggs && !err; i++) {
		const struct dagg *ag = agg_of(rt, act->aggs[i]);
		struct agg_entry *ents;
		struct arena a = {0};
		size_t n;

		err = snap(rt, &a, act->aggs[i], syms, &ents, &n);
		if (!err) {
			ofmt_open_instance(rt->xo, "output");
			fmt_xo_agg(rt->xo, ag, ents, n,
				   act->naggs == 1 ? f : NULL);
			ofmt_close(rt->xo);
		}
		if (n)
			rt->st[act->aggs[i] - 1].printed = true;
		arena_free(&a);
	}
	return err;
}

static int do_printa(struct agg_rt *rt, struct strbuf *out,
		     const struct dact *act, const struct fmt *f,
		     const struct fmt_syms *syms)
{
	const struct dagg *ag;
	struct agg_entry *ents;
	struct arena a = {0};
	size_t n;
	int err;

	for (int i = 0; i < act->naggs; i++)
		if (!agg_of(rt, act->aggs[i]))
			return -EINVAL;
	if (rt->xo)
		return printa_xo(rt, act, f, syms);
	if (act->naggs > 1)
		return printa_joined(rt, out, act, f, syms);
	ag = agg_of(rt, act->aggs[0]);
	err = snap(rt, &a, act->aggs[0], syms, &ents, &n);
	if (!err && f) {
		for (size_t i = 0; i < n && !err; i++) {
			err = fmt_printa(out, f, ag, &ents[i]);
			if (rt->flush && (i + 1) % PRINT_CHUNK == 0)
				rt->flush(rt->flush_arg);
		}
	} else if (!err && rt->fold && fmt_fold_applies(ag)) {
		for (size_t i = 0; i < n; i++)
			fmt_fold_entry(out, ag, &ents[i]);
	} else if (!err && (!rt->flush || fmt_agg_hist_on(ag))) {
		fmt_agg_print(out, ag, ents, n);
	} else if (!err) {
		sb_addc(out, '\n');
		for (size_t i = 0; i < n; i += PRINT_CHUNK) {
			fmt_agg_print_entries(out, ag, ents + i,
					      n - i < PRINT_CHUNK ? n - i
								  : PRINT_CHUNK);
			rt->flush(rt->flush_arg);
		}
	}
	if (n)
		rt->st[act->aggs[0] - 1].printed = true;
	arena_free(&a);
	return err;
}

/*
 * trunc(@a): every entry removed; trunc(@a, n): all but the n with the
 * greatest values (n < 0: the least), as DTrace sorts them by value.
 */
static int do_trunc(struct agg_rt *rt, const struct dact *act,
		    const void *data)
{
	const struct dagg *ag = agg_of(rt, act->aggs[0]);
	struct agg_entry *ents;
	struct arena a = {0};
	int64_t keep = 0;
	size_t n;
	int err;

	if (act->nvals > 0)
		memcpy(&keep, (const char *)data + act->vals[0].offset, 8);
	err = read_entries(rt, &a, act->aggs[0], true, false, true, NULL,
			   &ents, &n);
	if (!err) {
		/* by value, ascending: the greatest last */
		fmt_agg_sort(ag, ents, n, false, false, 0, 0);
		if (keep > 0)
			n = (size_t)keep >= n ? 0 : n - (size_t)keep;
		else if (keep < 0 && (uint64_t)-(keep + 1) + 1 >= n)
			n = 0;
		else if (keep < 0) {
			ents += (size_t)-(keep + 1) + 1;
			n -= (size_t)-(keep + 1) + 1;
		}
		/* drained, the copy is the aggregation: the map holds only
		 * updates made since, after the trunc() */
		if (!is_drained(rt, ag))
			err = agg_zero_entries(map_fd(rt, ag), ag, ents, n,
					       true);
		agg_acc_remove(rt, act->aggs[0], ents, n);
	}
	arena_free(&a);
	return err;
}

static int do_clear(struct agg_rt *rt, const struct dact *act)
{
	const struct dagg *ag = agg_of(rt, act->aggs[0]);
	struct agg_entry *ents;
	struct arena a = {0};
	size_t n;
	int err;

	err = read_entries(rt, &a, act->aggs[0], true, false, true, NULL,
			   &ents, &n);
	if (!err && !is_drained(rt, ag))
		err = agg_zero_entries(map_fd(rt, ag), ag, ents, n, false);
	agg_acc_clear(rt, act->aggs[0]);
	rt->st[act->aggs[0] - 1].cleared = true;
	arena_free(&a);
	return err;
}

/*
 * The options libdtrace only takes before tracing starts (its
 * _dtrace_rtoptions): setopt() of one is refused with EDT_ACTIVE, before
 * its value is looked at.
 */
static const char *const static_opts[] = {
	"aggsize", "bufpolicy", "bufresize", "bufsize", "cleanrate", "cpu",
	"destructive", "dynvarsize", "grabanon", "jstackframes",
	"jstackstrsize", "lockmem", "nspec", "pcapsize", "scratchsize",
	"specsize", "stackframes", "statusrate", "strsize", "temporal",
	"ustackframes",
	"rawstrings",	/* bdtrace's: read when the session opens */
	NULL
};

int agg_rt_setopt_error(const struct dact *act, char *buf, size_t len)
{
	/* setopt("name") sets the option to "1", as dt_setopt() does */
	const char *val = act->optval ? act->optval : "1";
	struct dopts o;
	char msg[128];
	int rc;

	snprintf(msg, sizeof(msg), "Operation illegal when tracing is active");
	for (const char *const *p = static_opts; *p; p++)
		if (strcmp(*p, act->optname) == 0)
			goto bad;
	dopts_init(&o);
	rc = dopts_set(&o, act->optname, act->optval, msg, sizeof(msg));
	dopts_free(&o);
	if (rc == 0)
		return 0;
bad:
	snprintf(buf, len, "couldn't set option \"%s\" to \"%s\": %s",
		 act->optname, val, msg);
	return -1;
}

/* setopt(): the aggregation sort options take effect at once; errors
 * are reported by the consumer (agg_rt_setopt_error()). */
static int do_setopt(struct agg_rt *rt, const struct dact *act)
{
	struct dopts o = {0};
	char msg[256];

	dopts_init(&o);
	if (agg_rt_setopt_error(act, msg, sizeof(msg)) < 0 ||
	    dopts_set(&o, act->optname, act->optval, msg, sizeof(msg)) < 0) {
		dopts_free(&o);
		return 0;
	}
	dopts_free(&o);
	/* an aggrate set while tracing sets the periods, not the drain,
	 * which needs the maps a compilation with an aggrate makes */
	if (strcmp(act->optname, "aggrate") == 0)
		rt->aggrate = o.aggrate;
	else if (strcmp(act->optname, "aggsortkey") == 0)
		rt->sortkey = o.aggsortkey;
	else if (strcmp(act->optname, "aggsortrev") == 0)
		rt->sortrev = o.aggsortrev;
	else if (strcmp(act->optname, "aggsortpos") == 0)
		rt->sortpos = (int)o.aggsortpos;
	else if (strcmp(act->optname, "aggsortkeypos") == 0)
		rt->sortkeypos = (int)o.aggsortkeypos;
	else if (strcmp(act->optname, "aggzoom") == 0)
		fmt_agg_set_zoom(o.aggzoom);
	else if (strcmp(act->optname, "agghist") == 0)
		fmt_agg_set_hist(o.agghist);
	else if (strcmp(act->optname, "aggfold") == 0)
		rt->fold = o.aggfold;
	return 0;
}

int agg_rt_action(struct agg_rt *rt, struct strbuf *out, struct strbuf *err,
		  const struct dact *a, const struct fmt *f, const void *data,
		  const struct fmt_syms *syms)
{
	int64_t v = 1;

	if (a->kind == DACT_SETOPT)
		return do_setopt(rt, a);
	if (a->naggs < 1 || !agg_of(rt, a->aggs[0]))
		return -EINVAL;
	switch (a->kind) {
	case DACT_PRINTA:
		next_period(rt);
		return do_printa(rt, out, a, f, syms);
	case DACT_TRUNC:
		/* the map changed: the next printa() reads it again */
		rt->st[a->aggs[0] - 1].have = false;
		return do_trunc(rt, a, data);
	case DACT_CLEAR:
		rt->st[a->aggs[0] - 1].have = false;
		return do_clear(rt, a);
	case DACT_NORMALIZE:
		if (a->nvals > 0)
			memcpy(&v, (const char *)data + a->vals[0].offset, 8);
		rt->st[a->aggs[0] - 1].normal = v ? v : 1;
		return 0;
	case DACT_DENORMALIZE:
		rt->st[a->aggs[0] - 1].normal = 1;
		return 0;
	default:
		return -EINVAL;
	}
}

bool agg_rt_unprinted(const struct agg_rt *rt)
{
	for (size_t i = 0; rt->obj && i < rt->obj->aggs.len; i++)
		if (!rt->st[i].printed && map_fd(rt, &rt->obj->aggs.data[i]) >= 0)
			return true;
	return false;
}


/*
 * ents printed into out; with stream, written out chunk by chunk, so
 * that the text of a big aggregation is never all in memory (its pages
 * were a fifth of the page faults of printing a million keys).  The
 * agghist form scales its bars by every entry: it is made at once.
 */
static void print_entries(struct strbuf *out, const struct dagg *ag,
			  const struct agg_entry *ents, size_t n,
			  FILE *stream)
{
	if (!stream || fmt_agg_hist_on(ag)) {
		fmt_agg_print_entries(out, ag, ents, n);
		return;
	}
	for (size_t i = 0; i < n; i += PRINT_CHUNK) {
		fmt_agg_print_entries(out, ag, ents + i,
				      n - i < PRINT_CHUNK ? n - i : PRINT_CHUNK);
		size_t len = out->len;
		bool ok = fwrite(out->buf, 1, len, stream) == len;

		sb_reset(out);
		if (!ok)
			return;	/* ferror(stream) tells the caller */
	}
}

int agg_rt_print_all(struct agg_rt *rt, struct strbuf *out,
		     struct strbuf *err, const struct fmt_syms *syms,
		     FILE *stream)
{
	struct arena a = {0};
	int e = 0;

	size_t na = rt->obj ? rt->obj->aggs.len : 0;

	/* the listing at exit reads the final values; as DTrace sorts all
	 * the entries by aggregation first, aggsortrev reverses the order
	 * of the aggregations too */
	rt->gen++;
	for (size_t k = 0; k < na && !e; k++) {
		size_t i = rt->sortrev ? na - 1 - k : k;
		const struct dagg *ag = &rt->obj->aggs.data[i];
		struct agg_entry *ents;
		size_t n;

		if (rt->st[i].printed || map_fd(rt, ag) < 0)
			continue;
		e = snap(rt, &a, (uint32_t)i + 1, syms, &ents, &n);
		if (e < 0) {
			sb_printf(err, "dtrace: failed to print aggregations: %s\n",
				  strerror(-e));
			break;
		}
		if (rt->xo) {
			/* as in text, an emptied aggregation is not listed */
			if (n) {
				ofmt_open_instance(rt->xo, "output");
				fmt_xo_agg(rt->xo, ag, ents, n, NULL);
				ofmt_close(rt->xo);
			}
		} else if (rt->fold && fmt_fold_applies(ag)) {
			for (size_t j = 0; j < n; j++)
				fmt_fold_entry(out, ag, &ents[j]);
		} else {
			print_entries(out, ag, ents, n, stream);
		}
	}
	arena_free(&a);
	return e;
}
