/*
 * -C: a script through the system's C preprocessor, as DTrace runs it.
 * cpp gets DTrace's predefined macros, then the arguments -D, -U, -I,
 * -H and -x cppargs added in order, then the D version and the dialect
 * (-X), and reads the script as /dev/stdin (so cpp's messages name
 * /dev/stdin, as DTrace's do).  An interpreter file's "#!" line is left
 * out, its newline kept, so that the line numbers stay right.
 */
#define _GNU_SOURCE	/* memfd_create, pipe2 */
#include "cpp.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../lib/strbuf.h"
#include "../lib/vec.h"
#include "../runtime/options.h"

extern char **environ;

/* The macros DTrace defines before the user's (dt_open.c's list). */
static const char *const cpp_predef[] = {
	"-D__linux", "-D__unix", "-D__SVR4", "-D__SUNW_D=1", "-U__GNUC__",
	"-D__SUNW_D_64", "-D__Linux",		/* __`uname -s` */
#if defined(__x86_64__)
	"-D__amd64",
#endif
	NULL,
};

/* The input cpp reads on its stdin: the text, without a "#!" line. */
static int cpp_input(const char *text)
{
	int fd = memfd_create("dtrace-cpp", MFD_CLOEXEC);
	size_t len;

	if (fd < 0)
		return -1;
	if (text[0] == '#' && text[1] == '!')
		text += strcspn(text, "\n");
	len = strlen(text);
	for (size_t off = 0; off < len;) {
		ssize_t n = write(fd, text + off, len - off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			close(fd);
			return -1;
		}
		off += (size_t)n;
	}
	lseek(fd, 0, SEEK_SET);
	return fd;
}

/*
 * GNU cpp opens with markers for line 0 ("# 0 \"<built-in>\""), which
 * are not valid #line directives; the markers after them resynchronise
 * the line numbers, so blank them out.
 */
static void drop_line_zero(char *text)
{
	for (char *p = text; *p;) {
		char *nl = strchr(p, '\n');

		if (strncmp(p, "# 0 ", 4) == 0)
			memset(p, ' ', nl ? (size_t)(nl - p) : strlen(p));
		if (!nl)
			break;
		p = nl + 1;
	}
}

/* Run cpp with input on its stdin; its output into out, its status. */
static int cpp_spawn(const struct dopts *o, int in, struct strbuf *out,
		     int *status)
{
	const char *path = o->cpppath ? o->cpppath : "cpp";
	char *pathcopy = strdup(path);
	VEC(char *) av = {0};
	posix_spawn_file_actions_t fa;
	int pfd[2], err;
	pid_t pid;

	vec_push(&av, basename(pathcopy));
	for (const char *const *p = cpp_predef; *p; p++)
		vec_push(&av, (char *)*p);
	for (size_t i = 0; i < o->ncppargs; i++)
		vec_push(&av, o->cppargv[i]);
	/* D 1.13 as DTrace numbers versions: major << 24 | minor << 12 */
	vec_push(&av, "-D__SUNW_D_VERSION=0x0100d000");
	/* cpp's messages name a line only, as DTrace shows them */
	vec_push(&av, "-fno-show-column");
	/* -Xs is K&R C, without __STDC__; the others keep cpp's own
	 * dialect, so that glibc's headers show all they have
	 * (docs/conformance.md) */
	if (strcmp(o->stdc, "s") == 0)
		vec_push(&av, "-traditional-cpp");
	vec_push(&av, "/dev/stdin");
	vec_push(&av, NULL);
	err = pipe2(pfd, O_CLOEXEC) < 0 ? errno : 0;
	if (err == 0) {
		posix_spawn_file_actions_init(&fa);
		posix_spawn_file_actions_adddup2(&fa, in, 0);
		posix_spawn_file_actions_adddup2(&fa, pfd[1], 1);
		err = posix_spawnp(&pid, path, &fa, NULL, av.data, environ);
		posix_spawn_file_actions_destroy(&fa);
		close(pfd[1]);
		if (err == 0)
			sb_read_fd(out, pfd[0]);
		close(pfd[0]);
	}
	while (err == 0 && waitpid(pid, status, 0) < 0)
		if (errno != EINTR)
			err = errno;
	vec_free(&av);
	free(pathcopy);
	return err;
}

const char *cpp_run(struct arena *a, const struct dopts *o, const char *text,
		    char **out)
{
	struct strbuf sb = {0};
	int in = cpp_input(text), status = 0, err;

	if (in < 0)
		return "Failed to fork preprocessor";
	err = cpp_spawn(o, in, &sb, &status);
	close(in);
	*out = arena_strdup(a, sb_str(&sb));
	sb_free(&sb);
	if (err == ENOENT || (err == 0 && WIFEXITED(status) &&
			      WEXITSTATUS(status) == 127))
		return "Preprocessor not found";
	if (err != 0 || (WIFEXITED(status) && WEXITSTATUS(status) == 126))
		return "Failed to exec preprocessor";
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		return "Preprocessor failed to process input program";
	drop_line_zero(*out);
	return NULL;
}
