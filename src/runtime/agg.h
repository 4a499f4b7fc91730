/*
 * Aggregation snapshots: reading an aggregation's per-CPU map, merging
 * each key's per-CPU values into one, and handing the entries to the
 * formatter (fmt_agg_sort, fmt_agg_print).
 *
 * The per-CPU value the BPF code keeps (dagg.value_size bytes per CPU,
 * at an 8-byte-aligned stride) always starts with the number of updates
 * made on that CPU, so that an entry or a CPU slot that was never
 * updated can be told from one whose value is 0:
 *
 *	count		u64 n
 *	sum		u64 n; i64 sum	  (or i64 sum alone: value_size 8)
 *	avg		u64 n; i64 sum
 *	min, max	u64 n; i64 value
 *	stddev		u64 n; i64 sum; u64 sumsq_lo, sumsq_hi (128-bit)
 *	quantize,
 *	lquantize,
 *	llquantize	u64 n; i64 buckets[(value_size - 8) / 8]
 *
 * The merged value (what the formatter reads) is in fmt.h's layouts:
 * the count, sum, min, max, avg and stddev words summed (min and max:
 * the count summed and the least or greatest value of the CPUs that
 * updated), histogram buckets summed.  A histogram's per-CPU buckets
 * are fmt_agg_value_size() bytes, so value_size = 8 + that.
 */
#ifndef BD_AGG_H
#define BD_AGG_H

#include <stdbool.h>
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>

#include "../lib/arena.h"

struct dagg;
struct agg_entry;
struct fmt_syms;

struct dobj;

/*
 * Whether aggsize holds one entry of each of obj's aggregations (a key
 * and its value), as libdtrace requires before it enables tracing:
 * NULL, or DTrace's reason ("Enabling exceeds size of buffer").
 */
const char *agg_size_check(const struct dobj *obj, uint64_t aggsize);

/* bytes of a merged value of ag (fmt_agg_value_size) */
size_t agg_merged_size(const struct dagg *ag);

/*
 * Merge ncpu per-CPU values (at stride bytes apart) into out (of
 * agg_merged_size bytes).  Returns false, leaving out zeroed, when no
 * CPU ever updated the entry.  Pure: no kernel.
 */
bool agg_merge(const struct dagg *ag, const void *percpu, int ncpu,
	       size_t stride, void *out);

/*
 * Fold the merged value src into the merged value dst, as if their
 * updates had been made to one entry (two keys found to be the same
 * after the consumer named them: agg_symkey.c).  Pure: no kernel.
 */
void agg_fold(const struct dagg *ag, void *dst, const void *src);

/*
 * Fold the entries of ents whose sym(), mod(), usym() ... keys name the
 * same function or module (syms names them) into one, as DTrace's
 * consumer aggregates by the symbol, not the address (agg_symkey.c).
 * Returns the new count; the survivors keep their order.
 */
size_t agg_symkey_merge(const struct dagg *ag, const struct fmt_syms *syms,
			struct agg_entry *ents, size_t n);
/* May agg_symkey_merge() fold entries of ag (change their values)? */
bool agg_symkey_folds(const struct dagg *ag, const struct fmt_syms *syms);

/* Every entry of map fd in batches, to take(arg, key, vals); with del
 * each is deleted as it is read.  1: the kernel cannot batch the map. */
int agg_batch(int fd, bool del, uint32_t want, size_t ks, size_t vs,
	      void (*take)(void *arg, const void *key, const void *vals),
	      void *arg);

/*
 * trunc(), clear(): the n entries of ents deleted from ag's map (fd)
 * with del, else each CPU's value of each zeroed; in batches where the
 * kernel can, else entry by entry.  Keys gone meanwhile are skipped.
 * 0 or -errno.
 */
int agg_zero_entries(int fd, const struct dagg *ag,
		     const struct agg_entry *ents, size_t n, bool del);

/*
 * Read every touched entry of ag's map (fd) into entries allocated in a
 * (keys and merged values copied).  0 or -errno.
 */
int agg_snapshot(struct arena *a, const struct dagg *ag, int fd,
		 struct agg_entry **entries, size_t *n);
/* The same, with untouched entries too (all zero: after clear()). */
int agg_snapshot_all(struct arena *a, const struct dagg *ag, int fd,
		     bool untouched, struct agg_entry **entries, size_t *n);
/*
 * Where a snapshot's entries, keys and values are read (mappings grown
 * by moving their pages), kept from one snapshot to the next: printa()
 * of a big aggregation every second then touches no fresh memory, each
 * fresh page being zeroed by the kernel at its first touch.  Zeroed:
 * empty.  The entries of the last snapshot read into it are valid
 * until the next one, or agg_snapbuf_free().
 */
struct agg_snapbuf {
	struct agg_entry *ents;
	char *kv;		/* a key and its merged value, rec bytes each */
	size_t cap, rec;	/* room for cap of each */
};
void agg_snapbuf_free(struct agg_snapbuf *b);
/* agg_snapshot_ex() into buf; a holds only what is kept aside (the
 * expanded keys of dagg.kkeys, each CPU's values with percpu). */
int agg_snapshot_into(struct arena *a, const struct dagg *ag, int fd,
		      bool untouched, bool percpu, struct agg_snapbuf *buf,
		      struct agg_entry **entries, size_t *n);
/* The same, with each CPU's value kept too (agg_entry.percpu) with percpu. */
int agg_snapshot_ex(struct arena *a, const struct dagg *ag, int fd,
		    bool untouched, bool percpu, struct agg_entry **entries,
		    size_t *n);

/*
 * aggpercpu: the ncpu per-CPU values vals (stride bytes apart), each in
 * the merged layout, allocated in a.
 */
void *agg_split_percpu(struct arena *a, const struct dagg *ag,
		       const char *vals, int ncpu, size_t stride);
/* The tuple (tuple_size + 8 bytes, in a) of the map key mkey of ag. */
void *agg_expand_key(struct arena *a, const struct dagg *ag,
		     const char *mkey);
struct dval;
/* agg_stackid.c: the frames (size bytes, to dst) of the stack whose id
 * (key k of ag's map key) is at id; zeros if they cannot be read */
void agg_stackid_frames(const struct dagg *ag, const struct dval *k,
			const void *id, void *dst, size_t size);

/* ------------------------------------------------------------------ */
/*
 * The aggregations at run time (agg_act.c): the actions the consumer
 * runs on them in record order (printa, trunc, clear, normalize,
 * denormalize, setopt) and the listing at exit of those printa() has
 * not printed.  As DTrace's, what they change is the consumer's view:
 * clear() zeroes every entry's values but keeps its key (printed with
 * 0 until updated), trunc() removes entries, normalize() divides what
 * is printed.  The kernel map is the data, so clear() and trunc() write
 * to it; an update racing with them on another CPU may be lost.
 */
struct dact;
struct dopts;
struct fmt;
struct fmt_syms;
struct ofmt;
struct strbuf;

struct agg_acc;

struct agg_rt_state {
	bool printed;		/* by printa(): not listed again at exit */
	bool cleared;		/* list untouched (zeroed) entries too */
	int64_t normal;		/* normalize() factor; 1 */
	/* the last snapshot read (raw merged values), valid while its
	 * generation is the current one: aggrate */
	bool have;
	uint64_t gen;
	struct arena mem;
	struct agg_snapbuf buf;	/* the snapshot's entries, reused */
	struct agg_entry *ents;
	size_t n;
	/* the entries drained from the kernel's map (agg_drain.c), or NULL */
	struct agg_acc *acc;
};

struct agg_rt {
	const struct dobj *obj;
	struct agg_rt_state *st;	/* [obj->aggs.len] */
	/* the sort options, which setopt() may change while tracing */
	bool sortkey, sortrev;
	int sortpos, sortkeypos;
	bool percpu;		/* aggpercpu: keep each CPU's value */
	/* aggrate: snapshots are read at most every aggrate ns (0: at every
	 * printa()); gen counts the snapshot periods */
	uint64_t aggrate, lastagg, gen;
	/* compiled with an aggrate (dobj.agg_gen): the keyed aggregations
	 * are drained into the consumer's copies, at most every aggrate
	 * (lastdrain), once in each period gen (drain_gen: the period
	 * last drained), and before a trunc() or clear(); mapgen is the
	 * generation the programs update (agg_drain.c) */
	bool drain;
	uint64_t lastdrain, drain_gen;
	uint32_t mapgen;
	struct ofmt *xo;	/* -x oformat: structured printa(), or NULL */
	/* writes out what the output holds, or NULL: a printa() of many
	 * rows calls it every few thousand rows, so that its text is never
	 * all in memory (36 MB for a million keys) */
	int (*flush)(void *arg);
	void *flush_arg;
	bool fold;		/* aggfold: stack keys as folded stacks */
};

/*
 * aggrate (agg_drain.c): move the entries of every keyed aggregation's
 * map into the consumer's copies, switching the programs to the other
 * generation first.  0 or -errno.
 */
int agg_drain_all(struct agg_rt *rt);
/* -x debug: the twin maps draining adds (dagg.map2), and their size. */
void agg_drain_debug(const struct dopts *opts, const struct dobj *obj);
/* The entries of aggregation id's copy, copied into a. */
int agg_acc_snapshot(struct agg_rt *rt, uint32_t id, struct arena *a,
		     struct agg_entry **ents, size_t *n);
/* clear(): every entry of the copy zeroed, its key kept. */
void agg_acc_clear(struct agg_rt *rt, uint32_t id);
/* trunc(): the entries of ents (by map key) removed from the copy. */
void agg_acc_remove(struct agg_rt *rt, uint32_t id,
		    const struct agg_entry *ents, size_t n);
void agg_acc_free(struct agg_acc *acc);

/* The consumer woke: under aggrate, snapshot every aggregation if a new
 * period is due (DTrace's dtrace_aggregate_snap()). */
void agg_rt_tick(struct agg_rt *rt);
/* Tracing stopped: a last period now, however little of this one has
 * passed, so that END's printa() shows every update made before END. */
void agg_rt_stopped(struct agg_rt *rt);

void agg_rt_init(struct agg_rt *rt, const struct dobj *obj,
		 const struct dopts *opts);
void agg_rt_free(struct agg_rt *rt);
/* setopt() action a cannot be done: 0, or -1 with DTrace's message
 * ("couldn't set option ...") in buf. */
int agg_rt_setopt_error(const struct dact *a, char *buf, size_t len);
/* Is k one of the actions agg_rt_action() runs? */
bool agg_rt_is_action(int k);
/*
 * Run action a of a record (data): output to out, messages to err.
 * f is printa()'s parsed format, or NULL.  0 or -errno.
 */
int agg_rt_action(struct agg_rt *rt, struct strbuf *out, struct strbuf *err,
		  const struct dact *a, const struct fmt *f, const void *data,
		  const struct fmt_syms *syms);
/* Is any aggregation left for agg_rt_print_all() to list? */
bool agg_rt_unprinted(const struct agg_rt *rt);
/* The aggregations printa() did not print, as dtrace(1M) lists them at
 * exit; 0 or -errno (with a message in err).  With stream, the text is
 * written there as it is made, a few thousand rows at a time (a million
 * keys make 36 MB of it), and out holds only what is left to write;
 * a failed write leaves the stream's error indicator set. */
int agg_rt_print_all(struct agg_rt *rt, struct strbuf *out,
		     struct strbuf *err, const struct fmt_syms *syms,
		     FILE *stream);

#endif
