/*
 * Process control for -c and -p: the processes a trace is about.  -c
 * creates a process from a command line, stopped right after its exec
 * until tracing has started; -p grabs a running one.  The first one's
 * pid is $target.  The session polls them and ends the trace when the
 * last has exited, with dtrace(1M)'s notices ("pid 123 has exited").
 */
#ifndef BD_PROC_H
#define BD_PROC_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "../lib/vec.h"

struct proc {
	pid_t pid;
	int pidfd;		/* readable once the process has exited */
	bool created;		/* -c: our child, killed if still alive at the end */
	bool stopped;		/* created, held (-x evaltime) until proc_continue */
	bool traced;		/* created, stays traced to stop at its exit */
	bool held;		/* traced, exited, held at its exit stop so that
				 * its symbols can be read (then let go) */
	int exit_status;	/* held: its wait status */
	bool live;
	bool group_stop;	/* traced, held in a group stop (proc_hold) */
};

struct procs {
	VEC(struct proc) v;
	int live;		/* how many have not exited yet */
	/* called for a traced command held at its exit, before it is let
	 * finish: its modules can still be read */
	void (*at_exit)(void *ctx, pid_t pid);
	void *at_exit_ctx;
};

/*
 * Where a -c command is held until tracing starts (-x evaltime): right
 * after its exec, before the dynamic linker runs; at its entry point,
 * the dynamic linker done and the libraries' initializers run, before
 * the program's own; at main(), every initializer run (postinit and
 * main are one point on Linux).
 */
enum proc_evaltime { PE_EXEC, PE_PREINIT, PE_POSTINIT, PE_MAIN };

/* the -x evaltime value's point; NULL is DTrace's default, postinit */
enum proc_evaltime proc_evaltime(const char *name);

/*
 * -c: split cmd at white space as DTrace does (no quoting), run it from
 * the PATH, held stopped at `at`.  The pid, or -errno after
 * "dtrace: failed to execute CMD: <why>" on err.
 */
int proc_create(struct procs *ps, const char *cmd, enum proc_evaltime at,
		FILE *err);

/*
 * proc_start.c: run a command held at its exec on to `at`; 0, or -1 if
 * it did not get there (it may have exited).
 */
int proc_run_to(pid_t pid, enum proc_evaltime at);

/*
 * The dynamic linker of a process, where libraries loaded later can be
 * seen: its _dl_debug_state() (the debuggers' r_brk, called with
 * _r_debug.r_state RT_CONSISTENT once a library is mapped) and that
 * r_state.
 */
struct proc_rtld {
	char path[4096];	/* the dynamic linker's file */
	uint64_t brk_off;	/* _dl_debug_state's file offset in it */
	uint64_t brk_addr;	/* and its address in the process */
	uint64_t state_addr;	/* the address of _r_debug.r_state */
	uint64_t entry;		/* the program's entry point (AT_ENTRY) */
};

/* proc_start.c: pid's dynamic linker; 0, or -ENOENT for a static
 * program (r->entry set), or another -errno */
int proc_rtld(pid_t pid, struct proc_rtld *r);

/* -p: grab a running process.  The pid, or -errno after a message. */
int proc_grab(struct procs *ps, const char *arg, FILE *err);

/* $target: the first process's pid, 0 without one. */
int proc_target(const struct procs *ps);

/*
 * A library load of process pid stopped it (a SIGSTOP sent by the
 * tracing program, runtime/ulate.c): wait until it is stopped, and hold
 * it there; 0, or -1 if it is gone or does not stop.
 */
int proc_hold(struct procs *ps, pid_t pid);
/* Let it run again, the SIGSTOP not delivered (traced) or undone. */
void proc_release(struct procs *ps, pid_t pid);

/* Let every created process run (tracing has started). */
void proc_continue_all(struct procs *ps);

/*
 * Notice processes that have exited, saying so on err unless quiet, as
 * dtrace(1M): "pid N has exited", "pid N exited with status S", "pid N
 * terminated by SIGNAME".  A traced command held at its exit is passed
 * to at_exit and then let finish its exit, and reaped: what the kernel
 * does at a process's end (proc:::exit, sched_process_exit) has fired
 * when this returns.  Returns how many are still alive.
 */
int proc_poll(struct procs *ps, bool quiet, FILE *err);

/*
 * Kill created processes still alive, let those held at their exit
 * finish, reap them, close every fd.
 */
void proc_release_all(struct procs *ps);

/* the signal's name as DTrace prints it ("SIGKILL"); buf holds 16 bytes */
const char *proc_signame(int sig, char *buf, size_t len);

#endif
