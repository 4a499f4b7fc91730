/*
 * The proc provider: processes and threads being created, starting,
 * executing, exiting and signalled, as the Dynamic Tracing Guide's proc
 * provider and Oracle's DTrace for Linux give them (psinfo_t and
 * lwpsinfo_t through lib/dtrace/psinfo.d).  Each probe fires in the
 * thread DTrace names:
 *
 *	create, lwp-create	the parent, in sched_process_fork
 *	start, lwp-start	the new thread, when it first runs: the
 *				scheduler's exit tracepoint (sched_exit_tp,
 *				Linux 6.16) seen by a thread that was never
 *				switched out; before 6.16, its first return
 *				from clone/fork to user space (sys_exit),
 *				so kernel threads do not fire them there
 *	exec			the caller of execve/execveat (sys_enter)
 *	exec-success		the new image (sched_process_exec)
 *	exec-failure		the caller, at the failed return (sys_exit)
 *	exit, lwp-exit		the exiting thread (sched_process_exit);
 *				every thread fires lwp-exit, the last one
 *				then exit
 *	signal-send, -discard	the sender (signal_generate)
 *	signal-handle		the receiver, about to act (signal_deliver)
 *	signal-clear		the thread whose sigwait took the signal
 *				(rt_sigtimedwait's return, sys_exit)
 *
 * The system call numbers and struct pt_regs members are the build
 * architecture's (x86-64's register names): elsewhere the probes that
 * need them are not listed.
 */
#include <asm/unistd.h>

#include "stp.h"

#define TASK(x, m)	X_MEMBER(x, "task_struct", m)
#define REGS(m)		X_MEMBER(X_RAW(0), "pt_regs", m)
#define SYSNR		REGS("orig_ax")		/* at sys_exit */
#define RET		X_RAW(1)		/* at sys_exit */
#define IS_NEW_PROC(t)	X_EQ(TASK(t, "pid"), TASK(t, "tgid"))

/* signal_generate's result: the signal was ignored (TRACE_SIGNAL_IGNORED) */
#define SIG_IGNORED	1

static const struct stp_src fork_proc = {
	.tp = "sched_process_fork",
	.proto = { "struct task_struct *", "struct task_struct *" },
	.when = IS_NEW_PROC(X_RAW(1)),
	.args = { X_RAW(1) },
};

static const struct stp_src fork_lwp = {
	.tp = "sched_process_fork",
	.proto = { "struct task_struct *", "struct task_struct *" },
	.when = X_NOT(IS_NEW_PROC(X_RAW(1))),
	.args = { X_RAW(1), X_RAW(1) },
};

static const struct stp_src exec_entry = {
	.tp = "sys_enter",
	.proto = { "struct pt_regs *", "long int" },
	.when = X_LOR(X_EQ(X_RAW(1), X_IMM(__NR_execve)),
		      X_EQ(X_RAW(1), X_IMM(__NR_execveat))),
	/* the path: execve's first argument, execveat's second */
	.args = { X_COND(X_EQ(X_RAW(1), X_IMM(__NR_execve)), REGS("di"),
			 REGS("si")) },
};

static const struct stp_src exec_fail = {
	.tp = "sys_exit",
	.proto = { "struct pt_regs *", "long int" },
	.when = X_LAND(X_LOR(X_EQ(SYSNR, X_IMM(__NR_execve)),
			     X_EQ(SYSNR, X_IMM(__NR_execveat))),
		       X_LT(RET, X_IMM(0))),
	.args = { X_NEG(RET) },
};

static const struct stp_src exec_ok = {
	.tp = "sched_process_exec",
	.proto = { "struct task_struct *" },
};

/*
 * The wait(2) code of an exit status: exited (a status << 8), killed (a
 * signal number) or dumped (a signal number | 0x80).
 */
#define EXIT_CODE	TASK(X_RAW(0), "exit_code")
#define CLD_OF_EXIT	X_COND(X_EQ(X_AND(EXIT_CODE, X_IMM(0x7f)), X_IMM(0)), \
			       X_IMM(1), \
			       X_COND(X_AND(EXIT_CODE, X_IMM(0x80)), \
				      X_IMM(3), X_IMM(2)))

/* since Linux 6.x the tracepoint says whether the group is dead */
static const struct stp_src exit_group_dead = {
	.tp = "sched_process_exit",
	.proto = { "struct task_struct *", "bool" },
	.when = X_RAW(1),
	.args = { CLD_OF_EXIT },
};

/* before: the group's live count has dropped to 0 (do_exit) */
static const struct stp_src exit_live = {
	.tp = "sched_process_exit",
	.proto = { "struct task_struct *" },
	.when = X_EQ(X_MEMBER(TASK(X_RAW(0), "signal"), "signal_struct",
			      "live.counter"), X_IMM(0)),
	.args = { CLD_OF_EXIT },
};

static const struct stp_src exit_lwp = {
	.tp = "sched_process_exit",
	.proto = { "struct task_struct *" },
};

/* a thread's first run: never switched out yet */
#define FIRST_RUN	X_LAND(X_RAW(0), \
			       X_EQ(X_ADD(TASK(X_CUR, "nvcsw"), \
					  TASK(X_CUR, "nivcsw")), X_IMM(0)))

static const struct stp_src start_sched = {
	.tp = "sched_exit_tp",
	.proto = { "bool" },
	.when = X_LAND(FIRST_RUN, IS_NEW_PROC(X_CUR)),
};

static const struct stp_src lwp_start_sched = {
	.tp = "sched_exit_tp",
	.proto = { "bool" },
	.when = FIRST_RUN,
};

/* the child's first return from clone, clone3, fork or vfork */
#define CHILD_RETURN	X_LAND(X_EQ(RET, X_IMM(0)), \
			       X_LOR(X_LOR(X_EQ(SYSNR, X_IMM(__NR_clone)), \
					   X_EQ(SYSNR, X_IMM(__NR_clone3))), \
				     X_LOR(X_EQ(SYSNR, X_IMM(__NR_fork)), \
					   X_EQ(SYSNR, X_IMM(__NR_vfork)))))

static const struct stp_src start_ret = {
	.tp = "sys_exit",
	.proto = { "struct pt_regs *", "long int" },
	.when = X_LAND(CHILD_RETURN, IS_NEW_PROC(X_CUR)),
};

static const struct stp_src lwp_start_ret = {
	.tp = "sys_exit",
	.proto = { "struct pt_regs *", "long int" },
	.when = CHILD_RETURN,
};

static const struct stp_src sig_send = {
	.tp = "signal_generate",
	.proto = { "int", "struct kernel_siginfo *", "struct task_struct *",
		   "int", "int" },
	.when = X_NE(X_RAW(4), X_IMM(SIG_IGNORED)),
	.args = { X_RAW(2), X_RAW(2), X_RAW(0) },
};

static const struct stp_src sig_discard = {
	.tp = "signal_generate",
	.proto = { "int", "struct kernel_siginfo *", "struct task_struct *",
		   "int", "int" },
	.when = X_EQ(X_RAW(4), X_IMM(SIG_IGNORED)),
	.args = { X_RAW(2), X_RAW(2), X_RAW(0) },
};

/*
 * A thread killed with its group is told SIGKILL; the signal that
 * killed the group is in the low bits of its group_exit_code.
 */
#define GROUP_SIG	X_AND(X_MEMBER(TASK(X_CUR, "signal"), "signal_struct", \
				       "group_exit_code"), X_IMM(0x7f))

static const struct stp_src sig_handle = {
	.tp = "signal_deliver",
	.proto = { "int", "struct kernel_siginfo *", "struct k_sigaction *" },
	.args = { X_COND(X_LAND(X_EQ(X_RAW(0), X_IMM(9)), GROUP_SIG),
			 GROUP_SIG, X_RAW(0)),
		  X_RAW(1),
		  X_MEMBER(X_RAW(2), "k_sigaction", "sa.sa_handler") },
};

static const struct stp_src sig_clear = {
	.tp = "sys_exit",
	.proto = { "struct pt_regs *", "long int" },
	.when = X_LAND(X_EQ(SYSNR, X_IMM(__NR_rt_sigtimedwait)),
		       X_GT(RET, X_IMM(0))),
	.args = { RET },
};

#define PSINFO		XARG("struct task_struct *", "psinfo_t *")
#define LWPSINFO	XARG("struct task_struct *", "lwpsinfo_t *")

static const struct stp_probe proc_probes[] = {
	{ .name = "create", .args = { PSINFO }, .src = { &fork_proc } },
	{ .name = "exec", .args = { USTR("char *") }, .src = { &exec_entry } },
	{ .name = "exec-failure", .args = { ARG("int") },
	  .src = { &exec_fail } },
	{ .name = "exec-success", .src = { &exec_ok } },
	{ .name = "exit", .args = { ARG("int") },
	  .src = { &exit_group_dead, &exit_live }, .seq = 1 },
	{ .name = "lwp-create", .args = { LWPSINFO, PSINFO },
	  .src = { &fork_lwp } },
	{ .name = "lwp-exit", .src = { &exit_lwp } },
	{ .name = "lwp-start", .src = { &lwp_start_sched, &lwp_start_ret },
	  .seq = 1 },
	{ .name = "signal-clear", .args = { ARG("int") },
	  .src = { &sig_clear } },
	{ .name = "signal-discard", .args = { LWPSINFO, PSINFO, ARG("int") },
	  .src = { &sig_discard } },
	{ .name = "signal-handle",
	  .args = { ARG("int"), ARG("siginfo_t *"), ARG("void (*)(void)") },
	  .src = { &sig_handle } },
	{ .name = "signal-send", .args = { LWPSINFO, PSINFO, ARG("int") },
	  .src = { &sig_send } },
	{ .name = "start", .src = { &start_sched, &start_ret } },
};

STP_PROVIDER(stp_proc, "proc", proc_probes, &stp_attrs)
