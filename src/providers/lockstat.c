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
 * fire nothing; per-CPU rw semaphores and rt_mutexes are left out.  The
 * hold probes (adaptive-acquire and -release, spin-acquire and -release,
 * rw-acquire and -release) fire on every lock taken, which only function
 * tracing could back: they are not listed, and a description naming
 * them says so.
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

#define NEEDS(fns)	"function tracing (kprobes or fentry) of " fns \
			", not yet used by bdtrace's lockstat provider"

static const struct stp_probe lockstat_probes[] = {
	{ .name = "adaptive-acquire", .needs = NEEDS("mutex_lock()") },
	{ .name = "adaptive-release", .needs = NEEDS("mutex_unlock()") },
	{ .name = "rw-acquire", .needs = NEEDS("_raw_read_lock() and _raw_write_lock()") },
	{ .name = "rw-release", .needs = NEEDS("_raw_read_unlock() and _raw_write_unlock()") },
	{ .name = "spin-acquire", .needs = NEEDS("_raw_spin_lock()") },
	{ .name = "spin-release", .needs = NEEDS("_raw_spin_unlock()") },
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
