/*
 * pcap()'s packets decoded by tshark, as DTrace for Linux decodes them
 * when no freopen() names a capture file (its dt_pcap.c): tshark is
 * found on the PATH and must answer "tshark -v"; it then reads the
 * capture from a pipe ("-r -", so that no capture helper is needed) and
 * prints a line per packet ("-l": at once), which comes back into the
 * trace output as "pcap \t" and the line.
 *
 * tshark parses what the network sent: run as root, it is run as a user
 * and group that own nothing (Oracle's choice of id), with no
 * supplementary groups and a minimal environment, so that a flaw in a
 * dissector reaches nothing of the tracer's.
 *
 * Writes to tshark and reads from it are interleaved (poll): tshark
 * stops reading when its output is not read, so a writer that only
 * wrote would wait for ever once both pipes are full.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tshark.h"

/* the unprivileged ids: not nobody's (65534), which may own files on
 * NFS clients */
#define TSHARK_UID	((uid_t)-3)
#define TSHARK_GID	((gid_t)-3)

struct tshark {
	pid_t pid;
	int in;			/* the capture, to tshark; -1 when closed */
	int out;		/* tshark's lines, from it */
	struct strbuf line;	/* a line not yet ended */
};

/* The executable tshark on the PATH (a default one when PATH is unset);
 * NULL when there is none. */
static char *find_tshark(void)
{
	const char *path = getenv("PATH");
	struct strbuf sb = {0};

	if (!path)
		path = "/usr/local/bin:/usr/bin:/bin";
	while (*path) {
		size_t n = strcspn(path, ":");

		if (n) {
			sb_reset(&sb);
			sb_addn(&sb, path, n);
			sb_adds(&sb, "/tshark");
			if (access(sb_str(&sb), X_OK) == 0)
				return sb.buf;
		}
		path += n + (path[n] == ':');
	}
	sb_free(&sb);
	return NULL;
}

/* In the child: tshark's ids and environment, then exec; never returns. */
static void run_child(const char *exe, char *const argv[], int in, int out)
{
	static char *const env[] = {
		"PATH=/usr/sbin:/usr/bin:/sbin:/bin", "HOME=/nonexistent",
		"SHELL=/bin/sh", "USER=nobody", NULL,
	};
	gid_t gid = TSHARK_GID;
	int null = open("/dev/null", O_RDWR);

	if (null < 0 || dup2(in < 0 ? null : in, 0) < 0 ||
	    dup2(out < 0 ? null : out, 1) < 0 || dup2(null, 2) < 0)
		_exit(126);
	signal(SIGPIPE, SIG_DFL);
	if (geteuid() == 0 &&
	    (chdir("/") < 0 || setgroups(1, &gid) < 0 || setgid(gid) < 0 ||
	     setuid(TSHARK_UID) < 0))
		_exit(126);
	execve(exe, argv, env);
	_exit(127);
}

/* "tshark -v" runs and exits 0 (a tshark that fails falls back). */
static bool answers(const char *exe)
{
	char *const argv[] = { "tshark", "-v", NULL };
	int st;
	pid_t pid = fork();

	if (pid == 0)
		run_child(exe, argv, -1, -1);
	if (pid < 0)
		return false;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return false;
	return WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

struct tshark *tshark_open(void)
{
	char *const argv[] = { "tshark", "-l", "-r", "-", NULL };
	char *exe = find_tshark();
	int in[2] = { -1, -1 }, out[2] = { -1, -1 };
	struct tshark *t = NULL;
	pid_t pid = -1;

	if (!exe || !answers(exe))
		goto err;
	/* close-on-exec: no other child (-c, system()) holds the pipes,
	 * which would keep tshark from seeing the capture end */
	if (pipe2(in, O_CLOEXEC) < 0 || pipe2(out, O_CLOEXEC) < 0)
		goto err;
	fflush(NULL);
	pid = fork();
	if (pid == 0)
		run_child(exe, argv, in[0], out[1]);
	if (pid < 0 || !(t = calloc(1, sizeof(*t))))
		goto err;
	close(in[0]);
	close(out[1]);
	fcntl(in[1], F_SETFL, O_NONBLOCK);
	fcntl(out[0], F_SETFL, O_NONBLOCK);
	t->pid = pid;
	t->in = in[1];
	t->out = out[0];
	free(exe);
	return t;
err:
	if (pid > 0) {
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
	}
	for (int i = 0; i < 2; i++) {
		if (in[i] >= 0)
			close(in[i]);
		if (out[i] >= 0)
			close(out[i]);
	}
	free(exe);
	return NULL;
}

/* What tshark has printed, read until the pipe is empty (or at its
 * end: 1), each whole line into out. */
static int take_lines(struct tshark *t, struct strbuf *out)
{
	char buf[4096];
	ssize_t n;

	while ((n = read(t->out, buf, sizeof(buf))) > 0 ||
	       (n < 0 && errno == EINTR)) {
		for (ssize_t i = 0; i < n; i++) {
			sb_addc(&t->line, buf[i]);
			if (buf[i] != '\n')
				continue;
			sb_adds(out, "pcap \t");
			sb_addn(out, t->line.buf, t->line.len);
			sb_reset(&t->line);
		}
	}
	return n == 0;
}

int tshark_write(struct tshark *t, const void *p, size_t n,
		 struct strbuf *out)
{
	const char *c = p;

	while (n && t->in >= 0) {
		struct pollfd pf[2] = { { .fd = t->in, .events = POLLOUT },
					{ .fd = t->out, .events = POLLIN } };

		if (poll(pf, 2, -1) < 0 && errno != EINTR)
			break;
		if (pf[1].revents)
			take_lines(t, out);
		if (!pf[0].revents)
			continue;
		/* (SIGPIPE is not blocked: MSG_NOSIGNAL is for sockets) */
		sigset_t pipe, old;

		sigemptyset(&pipe);
		sigaddset(&pipe, SIGPIPE);
		pthread_sigmask(SIG_BLOCK, &pipe, &old);
		ssize_t w = write(t->in, c, n);
		int e = errno;
		struct timespec zero = {0};

		if (w < 0 && e == EPIPE)	/* the pending SIGPIPE: gone */
			sigtimedwait(&pipe, NULL, &zero);
		pthread_sigmask(SIG_SETMASK, &old, NULL);
		if (w < 0 && e != EINTR && e != EAGAIN) {
			close(t->in);
			t->in = -1;
			break;
		}
		if (w > 0) {
			c += w;
			n -= (size_t)w;
		}
	}
	return n ? -EPIPE : 0;
}

void tshark_poll(struct tshark *t, struct strbuf *out)
{
	if (t)
		take_lines(t, out);
}

void tshark_close(struct tshark *t, struct strbuf *out)
{
	if (!t)
		return;
	if (t->in >= 0)
		close(t->in);
	/* the rest of its lines, to the end of its output */
	fcntl(t->out, F_SETFL, 0);
	take_lines(t, out);
	if (t->line.len) {	/* a last line without its newline */
		sb_adds(out, "pcap \t");
		sb_addn(out, t->line.buf, t->line.len);
		sb_addc(out, '\n');
	}
	close(t->out);
	while (waitpid(t->pid, NULL, 0) < 0 && errno == EINTR)
		;
	sb_free(&t->line);
	free(t);
}
