/*
 * Process control for -c and -p.  A -c command is forked with
 * PTRACE_TRACEME, so the kernel stops it with SIGTRAP right after a
 * successful exec: its pid is final ($target) and its program is loaded;
 * it is then run on to the point -x evaltime names, by default main()
 * with its shared libraries mapped and initialized (proc_start.c).  A failed exec is reported back
 * through a close-on-exec pipe, so "failed to execute" comes before any
 * compiling, as in DTrace.  It stays traced with PTRACE_O_TRACEEXIT
 * once tracing has started: at its exit it stops before its address
 * space is torn down (counted as exited, its status from
 * PTRACE_GETEVENTMSG), its modules are read then (at_exit), so that the
 * stacks printed at the end can still be named from its /proc/PID/maps
 * (as libproc keeps DTrace's handle), and it is let finish while the
 * probes are still enabled, so that its proc:::exit is seen.  Its other stops (signals) are passed
 * on at once: a SIGCHLD handler wakes the session's wait.  Exits are
 * watched through pidfds (pidfd_open), which work for processes that are
 * not our children (-p) as well; our own are reaped with waitpid.
 */
#define _GNU_SOURCE
#include "proc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../lib/arena.h"

static int pidfd_open_(pid_t pid)
{
	return (int)syscall(SYS_pidfd_open, pid, 0);
}

static void add(struct procs *ps, pid_t pid, int pidfd, bool created,
		bool traced)
{
	struct proc p = { .pid = pid, .pidfd = pidfd, .created = created,
			  .stopped = created, .traced = traced, .live = true };

	vec_push(&ps->v, p);
	ps->live++;
}

/* dtrace(1M)'s make_argv: words separated by white space, no quoting */
static char **split_words(char *copy, size_t *n)
{
	static const char ws[] = " \f\n\r\t\v";
	char **argv = xcalloc(strlen(copy) / 2 + 2, sizeof(*argv));
	char *save, *w;

	*n = 0;
	for (w = strtok_r(copy, ws, &save); w; w = strtok_r(NULL, ws, &save))
		argv[(*n)++] = w;
	argv[*n] = NULL;
	return argv;
}

/*
 * The child: die with dtrace (even before its exec, when dtrace is
 * killed right after the fork: a command dtrace started never runs on
 * without it), be traced (so exec stops us), then exec or report why not.
 */
static void child(char **argv, int errfd, pid_t parent)
{
	int e;

	if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0 || getppid() != parent)
		_exit(127);
	if (ptrace(PTRACE_TRACEME, 0, NULL, NULL) == 0)
		execvp(argv[0], argv);
	e = errno;
	if (write(errfd, &e, sizeof(e)) < 0)
		_exit(127);
	_exit(127);
}

/* Wait for the exec stop; 0, or -errno with the child reaped. */
static int wait_exec(pid_t pid, int errfd)
{
	int e = 0, st;
	ssize_t n;

	while ((n = read(errfd, &e, sizeof(e))) < 0 && errno == EINTR)
		;
	if (n == (ssize_t)sizeof(e)) {
		while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
			;
		return -(e ? e : ENOEXEC);
	}
	while (waitpid(pid, &st, 0) < 0) {
		if (errno != EINTR)
			return -errno;
	}
	if (!WIFSTOPPED(st)) {
		/* killed between exec and its first instruction */
		return -ESRCH;
	}
	/*
	 * From now on, dtrace dying in any way (SIGKILL while compiling,
	 * a breakpoint of proc_start.c in place) kills the command rather
	 * than leaving it stopped, or let go half set up.
	 */
	ptrace(PTRACE_SETOPTIONS, pid, NULL, (void *)(long)PTRACE_O_EXITKILL);
	return 0;
}

/* Only interrupts the session's wait, so that stops are seen at once. */
static void on_sigchld(int sig)
{
	(void)sig;
}

/* Stop at exit (1), or be detached at the start as before (0). */
static bool trace_exit(pid_t pid)
{
	struct sigaction act = { .sa_handler = on_sigchld };

	if (ptrace(PTRACE_SETOPTIONS, pid, NULL,
		   (void *)(long)(PTRACE_O_TRACEEXIT | PTRACE_O_EXITKILL)) < 0)
		return false;
	sigemptyset(&act.sa_mask);
	/* stops too (no SA_NOCLDSTOP); no SA_RESTART: waits return */
	sigaction(SIGCHLD, &act, NULL);
	return true;
}

int proc_create(struct procs *ps, const char *cmd, enum proc_evaltime at,
		FILE *err)
{
	char *copy = xstrdup(cmd);
	size_t n;
	char **argv = split_words(copy, &n);
	int pfd[2], rc, pidfd = -1;
	pid_t pid = -1;

	rc = n ? 0 : -ENOENT;
	if (rc == 0 && pipe2(pfd, O_CLOEXEC) < 0)
		rc = -errno;
	if (rc == 0) {
		pid_t self = getpid();

		fflush(NULL);	/* nothing buffered gets written twice */
		pid = fork();
		if (pid == 0) {
			close(pfd[0]);
			child(argv, pfd[1], self);
		}
		close(pfd[1]);
		rc = pid < 0 ? -errno : wait_exec(pid, pfd[0]);
		close(pfd[0]);
	}
	/* on to -x evaltime's point (its libraries mapped, but for exec) */
	if (rc == 0 && proc_run_to(pid, at) < 0 && kill(pid, 0) < 0)
		rc = -ESRCH;
	if (rc == 0 && (pidfd = pidfd_open_(pid)) < 0) {
		rc = -errno;
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
	}
	if (rc < 0)
		fprintf(err, "dtrace: failed to execute %s: %s\n",
			n ? argv[0] : cmd, strerror(-rc));
	else
		add(ps, pid, pidfd, true, trace_exit(pid));
	free(argv);
	free(copy);
	return rc < 0 ? rc : pid;
}

int proc_grab(struct procs *ps, const char *arg, FILE *err)
{
	char *end;
	long pid;
	int fd;

	errno = 0;
	pid = strtol(arg, &end, 10);
	if (errno || end == arg || *end || pid <= 0 || pid > INT32_MAX) {
		fprintf(err, "dtrace: invalid pid: %s\n", arg);
		return -EINVAL;
	}
	fd = pidfd_open_((pid_t)pid);
	if (fd < 0) {
		int e = errno;

		fprintf(err, "dtrace: failed to grab pid %ld: %s\n", pid,
			strerror(e));
		return -e;
	}
	add(ps, (pid_t)pid, fd, false, false);
	return (int)pid;
}

int proc_target(const struct procs *ps)
{
	return ps && ps->v.len ? ps->v.data[0].pid : 0;
}

void proc_continue_all(struct procs *ps)
{
	for (size_t i = 0; ps && i < ps->v.len; i++) {
		struct proc *p = &ps->v.data[i];

		if (p->stopped && p->live)
			ptrace(p->traced ? PTRACE_CONT : PTRACE_DETACH, p->pid,
			       NULL, NULL);
		p->stopped = false;
	}
}

const char *proc_signame(int sig, char *buf, size_t len)
{
	const char *abbrev = sigabbrev_np(sig);

	if (abbrev)
		snprintf(buf, len, "SIG%s", abbrev);
	else
		snprintf(buf, len, "SIG#%d", sig);
	return buf;
}

/*
 * A traced -c command's stop: at its exit, hold it there and take its
 * status (true); a signal is passed on.  A group stop (SIGSTOP after it
 * was passed on) is resumed: without PTRACE_SEIZE it cannot be listened
 * to, and a held command would hang the trace.
 */
static bool stop_exit(struct proc *p, int st, int *status)
{
	unsigned long msg = 0;
	siginfo_t si;
	int sig = WSTOPSIG(st);

	if (st >> 8 == (SIGTRAP | (PTRACE_EVENT_EXIT << 8))) {
		ptrace(PTRACE_GETEVENTMSG, p->pid, NULL, &msg);
		*status = p->exit_status = (int)msg;
		p->held = true;
		return true;
	}
	if (sig == SIGTRAP ||
	    ptrace(PTRACE_GETSIGINFO, p->pid, NULL, &si) < 0)
		sig = 0;
	ptrace(PTRACE_CONT, p->pid, NULL, (void *)(long)sig);
	return false;
}

static void reap(struct proc *p);

/* Has p exited?  Reaps our own children, leaving the status in *st. */
static bool exited(struct proc *p, int *st, bool *have)
{
	struct pollfd pfd = { .fd = p->pidfd, .events = POLLIN };

	*have = false;
	if (p->held) {
		/* its exit stop was taken while it was held for a
		 * compilation (proc_hold), which no wait reports again */
		*st = p->exit_status;
		*have = true;
		return true;
	}
	if (p->created) {
		pid_t r;

		if (!p->traced) {
			r = waitpid(p->pid, st, WNOHANG);
		} else {
			while ((r = waitpid(p->pid, st, WNOHANG)) == p->pid &&
			       WIFSTOPPED(*st)) {
				if (stop_exit(p, *st, st)) {
					*have = true;
					return true;
				}
			}
			if (r == 0)
				return false;
		}

		*have = r == p->pid;
		return r == p->pid || (r < 0 && errno == ECHILD);
	}
	return poll(&pfd, 1, 0) > 0;
}

int proc_poll(struct procs *ps, bool quiet, FILE *err)
{
	char name[32];

	for (size_t i = 0; ps && i < ps->v.len; i++) {
		struct proc *p = &ps->v.data[i];
		bool have;
		int st = 0;

		if (!p->live || !exited(p, &st, &have))
			continue;
		p->live = false;
		ps->live--;
		if (p->held) {
			if (ps->at_exit)
				ps->at_exit(ps->at_exit_ctx, p->pid);
			ptrace(PTRACE_CONT, p->pid, NULL, NULL);
			reap(p);
			p->held = false;
		}
		if (quiet)
			continue;
		if (have && WIFSIGNALED(st))
			fprintf(err, "dtrace: pid %d terminated by %s\n",
				(int)p->pid, proc_signame(WTERMSIG(st), name,
							  sizeof(name)));
		else if (have && WIFEXITED(st) && WEXITSTATUS(st) != 0)
			fprintf(err, "dtrace: pid %d exited with status %d\n",
				(int)p->pid, WEXITSTATUS(st));
		else
			fprintf(err, "dtrace: pid %d has exited\n", (int)p->pid);
	}
	return ps ? ps->live : 0;
}

/* Wait for p's end, letting a traced one through its last stops. */
static void reap(struct proc *p)
{
	int st;

	for (;;) {
		pid_t r = waitpid(p->pid, &st, 0);

		if (r < 0 && errno == EINTR)
			continue;
		if (r != p->pid || !WIFSTOPPED(st))
			return;
		ptrace(PTRACE_CONT, p->pid, NULL, NULL);
	}
}

static struct proc *find(struct procs *ps, pid_t pid)
{
	for (size_t i = 0; ps && i < ps->v.len; i++)
		if (ps->v.data[i].pid == pid && ps->v.data[i].live)
			return &ps->v.data[i];
	return NULL;
}

/* Is the process in a stop (/proc/PID/stat's state T or t)? */
static bool is_stopped(pid_t pid)
{
	char path[64], buf[512], *rp;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return false;
	buf[n] = '\0';
	rp = strrchr(buf, ')');
	return rp && rp[1] == ' ' && (rp[2] == 'T' || rp[2] == 't');
}

/*
 * A traced command's stops until the SIGSTOP one: held there; an exit
 * on the way is taken as stop_exit takes it.  0, or -1 if it exited.
 */
static int hold_traced(struct proc *p)
{
	for (;;) {
		siginfo_t si;
		int st;
		pid_t r = waitpid(p->pid, &st, __WALL);

		if (r < 0 && errno == EINTR)
			continue;
		if (r != p->pid || !WIFSTOPPED(st))
			return -1;
		if (WSTOPSIG(st) == SIGSTOP) {
			/* a group stop shows no signal information */
			p->group_stop = ptrace(PTRACE_GETSIGINFO, p->pid, NULL,
					       &si) < 0;
			return 0;
		}
		if (stop_exit(p, st, &st))
			return -1;
	}
}

int proc_hold(struct procs *ps, pid_t pid)
{
	struct proc *p = find(ps, pid);

	if (p && p->traced)
		return hold_traced(p);
	/* not ours to wait for: its state shows the stop (a second at most) */
	for (int i = 0; i < 1000; i++) {
		if (is_stopped(pid))
			return 0;
		if (kill(pid, 0) < 0)
			return -1;
		usleep(1000);
	}
	return -1;
}

void proc_release(struct procs *ps, pid_t pid)
{
	struct proc *p = find(ps, pid);

	if (p && p->traced) {
		/* the SIGSTOP it stopped for is not delivered */
		ptrace(PTRACE_CONT, pid, NULL, NULL);
		if (!p->group_stop)
			return;
	}
	kill(pid, SIGCONT);
}

void proc_release_all(struct procs *ps)
{
	for (size_t i = 0; ps && i < ps->v.len; i++) {
		struct proc *p = &ps->v.data[i];

		if (p->created && (p->live || p->held)) {
			/* as DTrace: a command it started does not outlive it */
			if (p->live)
				kill(p->pid, SIGKILL);
			if (p->stopped || p->held)
				ptrace(p->traced ? PTRACE_CONT : PTRACE_DETACH,
				       p->pid, NULL, NULL);
			reap(p);
			if (p->live)
				ps->live--;
			p->live = p->held = false;
		}
		if (p->pidfd >= 0)
			close(p->pidfd);
		p->pidfd = -1;
	}
	vec_free(&ps->v);
	ps->live = 0;
}
