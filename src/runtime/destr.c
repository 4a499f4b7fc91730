/*
 * The destructive actions the consumer runs, as dtrace(1M) does:
 * system() formats its command like printf() and runs it with /bin/sh
 * once the output before it is written out, so its output lands in
 * order (each value from the traced system, unlike the script's own
 * text, becomes one single-quoted word, so that a traced process cannot
 * add commands: fmt_text.c); freopen() sends the trace output to another file (appending;
 * "" goes back to the original output); ftruncate() empties the output
 * file.  The consumer calls the session's hooks; the hooks use the
 * functions here.  raise() and stop() act in the kernel (cg_destr.c).
 */
#include "spec.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../codegen/dobj.h"
#include "../lib/ofile.h"
#include "consume.h"
#include "fmt.h"

bool destr_act(int k)
{
	return k == DACT_SYSTEM || k == DACT_FREOPEN || k == DACT_FTRUNCATE;
}

void destr_run(struct consumer *c, const struct dact *a, const struct fmt *f,
	       const void *data)
{
	const struct consume_hooks *h = c->hooks;
	struct strbuf sb = { 0 };

	if (a->kind == DACT_FTRUNCATE) {
		if (h && h->ftruncate)
			h->ftruncate(c->hooks_arg);
		return;
	}
	if (a->kind == DACT_SYSTEM) {
		/* each traced value one quoted word of the command line */
		struct fmt_syms sh = c->syms ? *c->syms : (struct fmt_syms){ 0 };

		if (sh.text != FMT_TEXT_RAW)
			sh.text = FMT_TEXT_SHELL;
		fmt_printf_syms(&sb, f, a->vals, a->nvals, data, &sh);
	} else {
		fmt_printf_syms(&sb, f, a->vals, a->nvals, data, c->syms);
	}
	if (a->kind == DACT_SYSTEM && h && h->system)
		h->system(c->hooks_arg, sb_str(&sb));
	else if (a->kind == DACT_FREOPEN && h && h->freopen &&
		 h->freopen(c->hooks_arg, sb_str(&sb)) == 0)
		consume_pcap_output(c, sb_str(&sb));	/* pcap.c */
	sb_free(&sb);
}

int destr_system(FILE *out, FILE *err, const char *cmd, int fd,
		 void (*on_ready)(void *arg), void *arg)
{
	int status, pidfd;
	pid_t pid;

	fflush(out);
	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		int e = errno;

		fprintf(err, "dtrace: failed to run system(\"%s\"): %s\n", cmd,
			strerror(e));
		return -e;
	}
	if (pid == 0) {
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	pidfd = fd >= 0 ? (int)syscall(SYS_pidfd_open, pid, 0) : -1;
	while (pidfd >= 0) {
		struct pollfd pf[2] = { { .fd = pidfd, .events = POLLIN },
					{ .fd = fd, .events = POLLIN } };

		if (poll(pf, 2, -1) < 0 && errno != EINTR)
			break;
		if (pf[1].revents & POLLIN)
			on_ready(arg);
		if (pf[0].revents & POLLIN)
			break;
	}
	if (pidfd >= 0)
		close(pidfd);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -errno;
	return 0;
}

int destr_freopen(FILE **out, FILE *orig, FILE *err, const char *path)
{
	char why[256];
	FILE *f;
	int fd;

	fflush(*out);
	if (*path == '\0') {
		if (*out != orig)
			fclose(*out);
		*out = orig;
		return 0;
	}
	/* as -o: private, and never through another user's link */
	fd = ofile_open(path, O_WRONLY | O_APPEND, 0600, why, sizeof(why));
	f = fd < 0 ? NULL : fdopen(fd, "a");
	if (!f) {
		int e = errno;

		if (fd >= 0) {
			snprintf(why, sizeof(why), "%s", strerror(e));
			close(fd);
		}
		fprintf(err, "dtrace: failed to freopen() \"%s\": %s\n", path,
			why);
		return -e;
	}
	if (*out != orig)
		fclose(*out);
	*out = f;
	return 0;
}

int destr_ftruncate(FILE *out)
{
	fflush(out);
	/* stdout on a terminal or a pipe cannot be truncated: no effect */
	if (ftruncate(fileno(out), 0) < 0)
		return -errno;
	rewind(out);
	return 0;
}
