/*
 * The lockstat provider's contention probes, as Oracle's DTrace for
 * Linux and the Dynamic Tracing Guide give them, from the kernel's lock
 * contention tracepoints: lock:contention_begin(lock, flags) as a
 * thread starts to wait for a lock, contention_end(lock, ret) once it
 * has it (or has given up).  A mutex waits first spinning on its owner,
 * then sleeping, and may spin again when woken: each phase begins again
 * (with or without LCB_F_SPIN), so a helper on contention_begin keeps,
 * per thread and lock, when the current phase began and the time spent
 * so far spinning and sleeping; at contention_end the probes fire in
 * the thread that waited, with that time, and a last helper forgets it.
 *
 *	adaptive-spin	a mutex acquired after spinning: args[1] the spin
 *	adaptive-block	a mutex acquired after sleeping: args[1] the sleep
 *			(both fire when a wait did both, as in illumos)
 *	adaptive-acquire-error	a mutex wait given up (a signal): args[1]
 *			the error
 *	spin-spin	a spinlock (qspinlock) acquired after spinning
 *	rw-spin		an rwlock_t (qrwlock) acquired after spinning;
 *			args[2] RW_READER or RW_WRITER
 *	rw-block	an rw_semaphore acquired after sleeping (illumos's
 *			probe; Oracle's DTrace has none); args[2] as rw-spin
 *
 * Locks that do not trace contention (semaphores, seqlocks, bit locks)
 * fire nothing; per-CPU rw semaphores and rt_mutexes are left out.
 *
 * The hold probes fire on every lock taken and released, which no
 * tracepoint sees: they are kprobes on the lock functions.  An acquire
 * fires as the function returns with the lock held: its entry notes the
 * lock per thread, in a map of its own for each kind of lock (a mutex
 * may take a spinlock while it waits).  A release fires at the unlock
 * function's entry.
 *
 *	adaptive-acquire	mutex_lock(), mutex_lock_io(), and
 *				mutex_lock_interruptible() and _killable()
 *				when they return 0
 *	adaptive-release	mutex_unlock()
 *	spin-acquire, -release	_raw_spin_lock() and _unlock() (_bh, _irq,
 *				_irqsave, _irqrestore)
 *	rw-acquire, -release	_raw_read_lock(), _raw_write_lock() and
 *				their unlock functions: args[1] RW_READER
 *				or RW_WRITER
 * trylock functions are left out.
 */
#include "stp.h"

/* the tracepoints' flags (include/trace/events/lock.h) */
#define LCB_F_SPIN	(1 << 0)
#define LCB_F_READ	(1 << 1)
#define LCB_F_WRITE	(1 << 2)
#define LCB_F_RT	(1 << 3)
#define LCB_F_PERCPU	(1 << 4)
#define LCB_F_MUTEX	(1 << 5)

#define RW_WRITER	0
#define RW_READER	1

/*
 * A wait: per thread and lock (a thread waiting for a mutex may spin on
 * its wait_lock meanwhile), the phase's start, the spin and sleep so
 * far, and the phase's flags.
 */
static const struct stp_map lockstat_waits = { "lockstat_waits", 16384 };

#define WAIT		X_XOR(X_RAW(0), X_SHL(X_TID, X_IMM(32)))
#define START		X_GET(WAIT, 0)
#define SPUN		X_GET(WAIT, 1)
#define SLEPT		X_GET(WAIT, 2)
#define FLAGS		X_GET(WAIT, 3)
#define PHASE		X_SUB(X_NOW, START)
#define SPINNING	X_AND(FLAGS, X_IMM(LCB_F_SPIN))
/* the totals with the phase in progress */
#define SPIN_TIME	X_ADD(SPUN, X_COND(SPINNING, PHASE, X_IMM(0)))
#define SLEEP_TIME	X_ADD(SLEPT, X_COND(SPINNING, X_IMM(0), PHASE))

#define BEGIN_PROTO	{ "void *", "unsigned int" }
#define END_PROTO	{ "void *", "int" }

/* contention_begin: a new phase, the last one's time added to its kind */
static const struct stp_src phase = {
	.tp = "contention_begin",
	.proto = BEGIN_PROTO,
	.map = &lockstat_waits,
	.key = WAIT,
	.put = { X_NOW, X_COND(X_HAS(WAIT), SPIN_TIME, X_IMM(0)),
		 X_COND(X_HAS(WAIT), SLEEP_TIME, X_IMM(0)), X_RAW(1) },
};

/* contention_end, after every probe: the wait is over */
static const struct stp_src forget = {
	.tp = "contention_end",
	.proto = END_PROTO,
	.map = &lockstat_waits,
	.key = WAIT,
	.del = true,
};

/* the kind of lock: flags beyond the spin bit, as begin gave them */
#define KIND(f)		X_EQ(X_AND(FLAGS, X_IMM(~LCB_F_SPIN)), X_IMM(f))
#define IS_RW		X_LOR(KIND(LCB_F_READ), KIND(LCB_F_WRITE))
#define RW_KIND		X_COND(X_AND(FLAGS, X_IMM(LCB_F_READ)), \
			       X_IMM(RW_READER), X_IMM(RW_WRITER))
#define ACQUIRED	X_EQ(X_RAW(1), X_IMM(0))

#define END(cond, ...) {						\
	.tp = "contention_end",						\
	.proto = END_PROTO,						\
	.map = &lockstat_waits,						\
	.when = X_LAND(X_HAS(WAIT), cond),				\
	.args = { X_RAW(0), __VA_ARGS__ },				\
	.helpers = { &phase },						\
	.after = &forget,						\
}

static const struct stp_src adaptive_spin = END(
	X_LAND(X_LAND(KIND(LCB_F_MUTEX), ACQUIRED), X_GT(SPIN_TIME, X_IMM(0))),
	SPIN_TIME);
static const struct stp_src adaptive_block = END(
	X_LAND(X_LAND(KIND(LCB_F_MUTEX), ACQUIRED), X_GT(SLEEP_TIME, X_IMM(0))),
	SLEEP_TIME);
static const struct stp_src adaptive_error = END(
	X_LAND(KIND(LCB_F_MUTEX), X_NOT(ACQUIRED)), X_RAW(1));
static const struct stp_src spin_spin = END(
	X_LAND(X_EQ(FLAGS, X_IMM(LCB_F_SPIN)), ACQUIRED), SPIN_TIME);
static const struct stp_src rw_spin = END(
	X_LAND(X_LAND(IS_RW, SPINNING), ACQUIRED), SPIN_TIME, RW_KIND);
static const struct stp_src rw_block = END(
	X_LAND(X_LAND(IS_RW, X_NOT(SPINNING)), ACQUIRED), SLEEP_TIME, RW_KIND);

/* ---- the hold probes ---- */

static const struct stp_map lockstat_mutex = { "lockstat_mutex", 4096 };
static const struct stp_map lockstat_spin = { "lockstat_spin", 4096 };
static const struct stp_map lockstat_rw = { "lockstat_rw", 4096 };

/* the first two return nothing, the others 0 once the mutex is held */
#define MUTEX_LOCKS	{ "mutex_lock", "mutex_lock_io", \
			  "mutex_lock_interruptible", "mutex_lock_killable" }
#define SPIN_FNS(op, irqsave) { "_raw_spin_" op, "_raw_spin_" op "_bh", \
			  "_raw_spin_" op "_irq", "_raw_spin_" op irqsave }
/* the read functions first: RW_KIND tells them apart by X_FN */
#define RW_FNS(op, irqsave) { "_raw_read_" op, "_raw_read_" op "_bh", \
			  "_raw_read_" op "_irq", "_raw_read_" op irqsave, \
			  "_raw_write_" op, "_raw_write_" op "_bh", \
			  "_raw_write_" op "_irq", "_raw_write_" op irqsave }
#define FN_RW_KIND	X_COND(X_LT(X_FN, X_IMM(4)), X_IMM(RW_READER), \
			       X_IMM(RW_WRITER))

/* at a lock function's entry: the lock this thread is taking */
#define HOLD_NOTE(fns, m) {						\
	.fn = fns, .proto = { "*" }, .map = (m), .key = X_TID,		\
	.put = { X_RAW(0) },						\
}
static const struct stp_src mutex_note = HOLD_NOTE(MUTEX_LOCKS,
						   &lockstat_mutex);
static const struct stp_src spin_note = HOLD_NOTE(SPIN_FNS("lock", "_irqsave"),
						  &lockstat_spin);
static const struct stp_src rw_note = HOLD_NOTE(RW_FNS("lock", "_irqsave"),
						&lockstat_rw);

/* at its return: the acquire, if noted (and the note forgotten) */
static const struct stp_src adaptive_acquire = {
	.fn = MUTEX_LOCKS, .ret = true, .map = &lockstat_mutex, .key = X_TID,
	.when = X_LAND(X_HAS(X_TID), X_LOR(X_LT(X_FN, X_IMM(2)),
					   X_EQ(X_RAW(0), X_IMM(0)))),
	.args = { X_GET(X_TID, 0) }, .del = true, .helpers = { &mutex_note },
};
static const struct stp_src spin_acquire = {
	.fn = SPIN_FNS("lock", "_irqsave"), .ret = true, .map = &lockstat_spin,
	.key = X_TID, .when = X_HAS(X_TID),
	.args = { X_GET(X_TID, 0) }, .del = true, .helpers = { &spin_note },
};
static const struct stp_src rw_acquire = {
	.fn = RW_FNS("lock", "_irqsave"), .ret = true, .map = &lockstat_rw,
	.key = X_TID, .when = X_HAS(X_TID),
	.args = { X_GET(X_TID, 0), FN_RW_KIND }, .del = true,
	.helpers = { &rw_note },
};

static const struct stp_src adaptive_release = {
	.fn = { "mutex_unlock" }, .proto = { "struct mutex *" },
	.args = { X_RAW(0) },
};
static const struct stp_src spin_release = {
	.fn = SPIN_FNS("unlock", "_irqrestore"), .proto = { "raw_spinlock_t *" },
	.args = { X_RAW(0) },
};
static const struct stp_src rw_release = {
	.fn = RW_FNS("unlock", "_irqrestore"), .proto = { "rwlock_t *" },
	.args = { X_RAW(0), FN_RW_KIND },
};

static const struct stp_probe lockstat_probes[] = {
	{ .name = "adaptive-acquire", .args = { ARG("struct mutex *") },
	  .src = { &adaptive_acquire } },
	{ .name = "adaptive-release", .args = { ARG("struct mutex *") },
	  .src = { &adaptive_release } },
	{ .name = "rw-acquire", .args = { ARG("rwlock_t *"), ARG("int") },
	  .src = { &rw_acquire } },
	{ .name = "rw-release", .args = { ARG("rwlock_t *"), ARG("int") },
	  .src = { &rw_release } },
	{ .name = "spin-acquire", .args = { ARG("spinlock_t *") },
	  .src = { &spin_acquire } },
	{ .name = "spin-release", .args = { ARG("spinlock_t *") },
	  .src = { &spin_release } },
	{ .name = "adaptive-acquire-error",
	  .args = { ARG("struct mutex *"), ARG("int") },
	  .src = { &adaptive_error } },
	{ .name = "adaptive-block",
	  .args = { ARG("struct mutex *"), ARG("uint64_t") },
	  .src = { &adaptive_block } },
	{ .name = "adaptive-spin",
	  .args = { ARG("struct mutex *"), ARG("uint64_t") },
	  .src = { &adaptive_spin } },
	{ .name = "rw-block",
	  .args = { ARG("struct rw_semaphore *"), ARG("uint64_t"),
		    ARG("int") },
	  .src = { &rw_block } },
	{ .name = "rw-spin",
	  .args = { ARG("rwlock_t *"), ARG("uint64_t"), ARG("int") },
	  .src = { &rw_spin } },
	{ .name = "spin-spin",
	  .args = { ARG("spinlock_t *"), ARG("uint64_t") },
	  .src = { &spin_spin } },
};

STP_PROVIDER(stp_lockstat, "lockstat", lockstat_probes, &stp_attrs)
