/*
 * The sched provider: threads going on and off CPU, sleeping, being
 * preempted and woken, as the Dynamic Tracing Guide's sched provider
 * gives them (lwpsinfo_t, psinfo_t, cpuinfo_t through lib/dtrace/).
 * Each probe fires in the thread DTrace names:
 *
 *	on-cpu		the incoming thread, as it resumes: the scheduler's
 *			exit tracepoint after a switch (sched_exit_tp,
 *			Linux 6.16), or before 6.16 sched_switch, which runs
 *			in the outgoing thread: the probe then describes the
 *			incoming one (see docs/stable-providers.md for what
 *			that thread's view can and cannot give)
 *	remain-cpu	the thread the scheduler kept (sched_exit_tp, no switch)
 *	preempt, sleep	the thread entering the scheduler (sched_entry_tp)
 *			still runnable (preempted, yielding) or going to
 *			sleep; before 6.16 at sched_switch, so only when
 *			it does leave the CPU
 *	off-cpu		the outgoing thread; args describe the incoming one
 *	wakeup		the waker; args the thread woken (sched_waking)
 *	surrender	the thread asking a CPU to reschedule; args the
 *			thread running there (sched_set_need_resched_tp)
 *	change-pri	the thread boosting another through priority
 *			inheritance (sched_pi_setprio); nice(2) and
 *			sched_setattr(2) have no tracepoint
 *	tick		the thread the clock tick interrupted (the tick's
 *			hrtimer, hrtimer_expire_entry)
 *
 *	enqueue		the thread putting another on a run queue: the
 *	dequeue		scheduling class's enqueue_task or dequeue_task
 *			function (kprobes: Linux has no tracepoint there);
 *			args the thread moved, and the CPU of the queue
 *			(since Linux 6.6, a fair-class thread going to
 *			sleep may stay queued until it would next run:
 *			dequeue fires when it is called, as in Oracle's
 *			DTrace for Linux); dequeue's args[3], as in
 *			Oracle's, is the function's flags (DEQUEUE_SLEEP,
 *			1: the thread is going to sleep)
 */
#include "stp.h"

#define TASK(x, m)	X_MEMBER(x, "task_struct", m)
/* a sleep: TASK_INTERRUPTIBLE or TASK_UNINTERRUPTIBLE in a task state */
#define SLEEPING(st)	X_AND(st, X_IMM(3))

#define SWITCH_PROTO	{ "bool", "struct task_struct *", \
			  "struct task_struct *", "unsigned int" }
#define SCHED_TP_PROTO	{ "bool" }

static const struct stp_src on_exit_tp = {
	.tp = "sched_exit_tp",
	.proto = SCHED_TP_PROTO,
	.when = X_RAW(0),
};

static const struct stp_src on_switch = {
	.tp = "sched_switch",
	.proto = SWITCH_PROTO,
	.thread = X_RAW(2),
};

static const struct stp_src remain_exit_tp = {
	.tp = "sched_exit_tp",
	.proto = SCHED_TP_PROTO,
	.when = X_NOT(X_RAW(0)),
};

static const struct stp_src off_switch = {
	.tp = "sched_switch",
	.proto = SWITCH_PROTO,
	.args = { X_RAW(2), X_RAW(2) },
};

/*
 * A preemption is any entry to the scheduler of a thread that stays
 * runnable: preempted in the kernel (the tracepoint's flag), or at its
 * return to user space or a yield, where the scheduler is called with
 * the thread still TASK_RUNNING (the only way with PREEMPT_NONE)
 */
static const struct stp_src preempt_entry_tp = {
	.tp = "sched_entry_tp",
	.proto = SCHED_TP_PROTO,
	.when = X_LOR(X_RAW(0), X_EQ(TASK(X_CUR, "__state"), X_IMM(0))),
};

static const struct stp_src preempt_switch = {
	.tp = "sched_switch",
	.proto = SWITCH_PROTO,
	.when = X_LOR(X_RAW(0), X_EQ(X_RAW(3), X_IMM(0))),
};

static const struct stp_src sleep_entry_tp = {
	.tp = "sched_entry_tp",
	.proto = SCHED_TP_PROTO,
	.when = X_LAND(X_NOT(X_RAW(0)), SLEEPING(TASK(X_CUR, "__state"))),
};

static const struct stp_src sleep_switch = {
	.tp = "sched_switch",
	.proto = SWITCH_PROTO,
	.when = X_LAND(X_NOT(X_RAW(0)), SLEEPING(X_RAW(3))),
};

static const struct stp_src wakeup_waking = {
	.tp = "sched_waking",
	.proto = { "struct task_struct *" },
	.args = { X_RAW(0), X_RAW(0) },
};

static const struct stp_src surrender_resched = {
	.tp = "sched_set_need_resched_tp",
	.proto = { "struct task_struct *", "int" },
	.args = { X_RAW(0), X_RAW(0) },
};

/* the priority the boost gives: the booster's, if higher (lower) */
#define NORMAL_PRIO	TASK(X_RAW(0), "normal_prio")
static const struct stp_src change_pi = {
	.tp = "sched_pi_setprio",
	.proto = { "struct task_struct *", "struct task_struct *" },
	.args = { X_RAW(0), X_RAW(0),
		  X_COND(X_RAW(1), X_MIN(TASK(X_RAW(1), "prio"), NORMAL_PRIO),
			 NORMAL_PRIO) },
};

/* the tick is an hrtimer whose function names it (6.10 renamed it) */
#define TICK_SRC(sym) {							\
	.tp = "hrtimer_expire_entry",					\
	.proto = { "struct hrtimer *" },				\
	.when = X_EQ(X_MEMBER(X_RAW(0), "hrtimer", "function"),	\
		     X_KSYM(sym)),					\
	.args = { X_CUR, X_CUR },					\
}
static const struct stp_src tick_nohz = TICK_SRC("tick_nohz_handler");
static const struct stp_src tick_sched = TICK_SRC("tick_sched_timer");

/* the scheduling classes' functions (scx: sched_ext, Linux 6.12) */
#define CLASS_FNS(op)	{ op "_fair", op "_rt", op "_dl", op "_stop", \
			  op "_scx" }
#define QUEUE_PROTO	{ "struct rq *", "struct task_struct *" }
static const struct stp_src enqueue_fn = {
	.fn = CLASS_FNS("enqueue_task"),
	.proto = QUEUE_PROTO,
	.args = { X_RAW(1), X_RAW(1), X_RAW(1) },
};

static const struct stp_src dequeue_fn = {
	.fn = CLASS_FNS("dequeue_task"),
	.proto = QUEUE_PROTO,
	.args = { X_RAW(1), X_RAW(1), X_RAW(1), X_RAW(2) },
};

#define PSINFO		XARG("struct task_struct *", "psinfo_t *")
#define LWPSINFO	XARG("struct task_struct *", "lwpsinfo_t *")

#define CPUINFO		XARG("struct task_struct *", "cpuinfo_t *")

static const struct stp_probe sched_probes[] = {
	{ .name = "change-pri", .args = { LWPSINFO, PSINFO, ARG("pri_t") },
	  .src = { &change_pi } },
	{ .name = "dequeue", .args = { LWPSINFO, PSINFO, CPUINFO, ARG("int") },
	  .src = { &dequeue_fn } },
	{ .name = "enqueue", .args = { LWPSINFO, PSINFO, CPUINFO },
	  .src = { &enqueue_fn } },
	{ .name = "off-cpu", .args = { LWPSINFO, PSINFO },
	  .src = { &off_switch } },
	{ .name = "on-cpu", .src = { &on_exit_tp, &on_switch } },
	{ .name = "preempt", .src = { &preempt_entry_tp, &preempt_switch } },
	{ .name = "remain-cpu", .src = { &remain_exit_tp } },
	{ .name = "sleep", .src = { &sleep_entry_tp, &sleep_switch } },
	{ .name = "surrender", .args = { LWPSINFO, PSINFO },
	  .src = { &surrender_resched } },
	{ .name = "tick", .args = { LWPSINFO, PSINFO },
	  .src = { &tick_nohz, &tick_sched } },
	{ .name = "wakeup", .args = { LWPSINFO, PSINFO },
	  .src = { &wakeup_waking } },
};

STP_PROVIDER(stp_sched, "sched", sched_probes, &stp_attrs)
