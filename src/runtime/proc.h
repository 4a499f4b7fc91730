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
#include <stdio.h>
#include <sys/types.h>

#include "../lib/vec.h"

struct proc {
	pid_t pid;
	int pidfd;		/* readable once the process has exited */
	bool created;		/* -c: our child, killed if still alive at the end */
	bool stopped;		/* created, held at its exec until proc_continue */
	bool traced;		/* created, stays traced to stop at its exit */
	bool held;		/* traced, exited, held at its exit stop so that
				 * its symbols can be read; released at the end */
	bool live;
};

struct procs {
	VEC(struct proc) v;
	int live;		/* how many have not exited yet */
};

/*
 * -c: split cmd at white space as DTrace does (no quoting), run it from
 * the PATH, held stopped after its exec.  The pid, or -errno after
 * "dtrace: failed to execute CMD: <why>" on err.
 */
int proc_create(struct procs *ps, const char *cmd, FILE *err);

/*
 * proc_start.c: run a command held at its exec until the dynamic linker
 * has mapped its libraries, before any initializer; 0, or -1 if it did
 * not get there (it may have exited).
 */
int proc_run_to_libs(pid_t pid);

/* -p: grab a running process.  The pid, or -errno after a message. */
int proc_grab(struct procs *ps, const char *arg, FILE *err);

/* $target: the first process's pid, 0 without one. */
int proc_target(const struct procs *ps);

/* Let every created process run (tracing has started). */
void proc_continue_all(struct procs *ps);

/*
 * Notice processes that have exited, saying so on err unless quiet, as
 * dtrace(1M): "pid N has exited", "pid N exited with status S", "pid N
 * terminated by SIGNAME".  Returns how many are still alive.
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
