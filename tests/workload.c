/*
 * workload: the trigger process of the golden D tests.  A test starts it
 * (the "@@trigger:" directive of tests/run-d.sh) once dtrace is tracing,
 * and kills it when dtrace ends.  The first non-option argument selects
 * what it does, in a loop, until it is killed:
 *
 *   workload [-n NAME] [-i MS] [-c COUNT] ACTION [ARGS...]
 *
 *   open PATH      open(PATH, O_RDONLY) and close it
 *   read [PATH]    read one byte from PATH (default /dev/zero)
 *   write [PATH]   write one byte to PATH (default /dev/null)
 *   writehex HEX   write the bytes HEX spells (two hex digits each) to
 *                  /dev/null: known binary data for copyin() tests
 *   exec PROG ...  fork, execv(PROG, [PROG, ...]) and wait for it
 *   spin           burn CPU in user space (no sleeping)
 *   sleep          sleep, doing nothing else
 *   calls          getppid() made with a "syscall" instruction from
 *                  wl_leaf(), called by wl_mid(), called by wl_top(): a
 *                  known user stack (the workload has frame pointers)
 *   recurse        getppid() made by wl_leaf() (as calls) under four
 *                  levels of wl_rec(), each calling wl_ra() or wl_rb()
 *                  as a bit of the iteration number says: iteration i
 *                  takes the (i mod 16)th of 16 user stacks that differ
 *                  and have the same depth (wl_leaf and the 7 frames
 *                  under it)
 *   openpaged PATH open(PATH) and close it, PATH read from a page of a
 *                  file mapping dropped (MADV_DONTNEED) before each
 *                  open: the string is not paged in at the open's entry
 *                  (the kernel faults it in as it copies it)
 *
 *   -n NAME   rename the process (prctl PR_SET_NAME) so that a predicate
 *             on execname selects it and nothing else
 *   -i MS     milliseconds to sleep between iterations (default 5; 0 for
 *             none)
 *   -c COUNT  do COUNT iterations, then pause() until killed, so that a
 *             test can count events exactly
 *
 * The rename is the last system call before the loop, so with -n every
 * system call that a predicate on the new name sees comes from the
 * action itself: per iteration, the action's calls and (if -i is not 0)
 * one clock_nanosleep; after -c iterations, one pause.
 *
 * Options may follow the action (glibc getopt permutes); put "--" before
 * the arguments of "exec PROG" if they start with '-'.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

struct wl_opts {
	const char *name;	/* -n, NULL: keep the name */
	long interval_ms;	/* -i */
	long count;		/* -c, 0: forever */
	char **argv;		/* action and its arguments */
	int argc;
};

/* One iteration of an action; returns 0 or -1 on a fatal error. */
typedef int (*wl_step_fn)(const struct wl_opts *o, int fd);

static int step_open(const struct wl_opts *o, int fd)
{
	int nfd = open(o->argv[1], O_RDONLY);

	if (nfd >= 0)
		close(nfd);
	return 0;
}

static int step_read(const struct wl_opts *o, int fd)
{
	char c;

	return read(fd, &c, 1) < 0 ? -1 : 0;
}

static int step_write(const struct wl_opts *o, int fd)
{
	return write(fd, "x", 1) < 0 ? -1 : 0;
}

static int step_writehex(const struct wl_opts *o, int fd)
{
	unsigned char buf[128];
	const char *h = o->argv[1];
	size_t n = 0;
	unsigned int b;

	while (n < sizeof(buf) && 2 * n + 1 < strlen(h) &&
	       sscanf(h + 2 * n, "%2x", &b) == 1)
		buf[n++] = (unsigned char)b;
	fd = open("/dev/null", O_WRONLY);
	if (fd < 0 || write(fd, buf, n) < 0)
		return -1;
	close(fd);
	return 0;
}

static int step_exec(const struct wl_opts *o, int fd)
{
	pid_t pid = fork();
	int status;

	if (pid < 0)
		return -1;
	if (pid == 0) {
		execv(o->argv[1], o->argv + 1);
		_exit(127);
	}
	return waitpid(pid, &status, 0) < 0 ? -1 : 0;
}

static int step_spin(const struct wl_opts *o, int fd)
{
	volatile unsigned long x = 0;

	for (unsigned long i = 0; i < 10000000UL; i++)
		x += i;
	return 0;
}

static int step_sleep(const struct wl_opts *o, int fd)
{
	struct timespec ts = { 0, 100 * 1000000L };

	nanosleep(&ts, NULL);
	return 0;
}

/*
 * A known call chain for ustack(): the system call is made by wl_leaf()
 * itself, not by a C library wrapper (which has no frame pointer), so
 * the user stack reads wl_leaf, wl_mid, wl_top.
 */
__attribute__((noinline)) static void wl_nop(void)
{
	__asm__ volatile("");
}

/* not a leaf (it calls wl_nop), so that it has a frame of its own */
__attribute__((noinline)) static long wl_leaf(void)
{
	long ret = 110;		/* getppid on x86-64 */

	wl_nop();

#if defined(__x86_64__)
	__asm__ volatile("syscall" : "+a"(ret) : : "rcx", "r11", "memory");
#else
	ret = getppid();
#endif
	return ret;
}

__attribute__((noinline)) static long wl_mid(void)
{
	return wl_leaf() + 1;
}

__attribute__((noinline)) static long wl_top(void)
{
	return wl_mid() + 1;
}

static int step_calls(const struct wl_opts *o, int fd)
{
	return wl_top() < 0 ? -1 : 0;
}

/*
 * recurse's stacks: wl_rec(n, bits) calls wl_ra() when bit 0 of bits is
 * clear, else wl_rb(), each calling wl_rec(n - 1, bits >> 1), or
 * wl_leaf() at n 0.  The empty asm after each call keeps it a call
 * (no tail call, no loop), so that every level has its frames.
 */
__attribute__((noinline)) static long wl_rec(int n, unsigned bits);

__attribute__((noinline)) static long wl_ra(int n, unsigned bits)
{
	long r = n ? wl_rec(n - 1, bits >> 1) : wl_leaf();

	__asm__ volatile("" : "+r"(r));
	return r + 1;
}

__attribute__((noinline)) static long wl_rb(int n, unsigned bits)
{
	long r = n ? wl_rec(n - 1, bits >> 1) : wl_leaf();

	__asm__ volatile("" : "+r"(r));
	return r + 2;
}

__attribute__((noinline)) static long wl_rec(int n, unsigned bits)
{
	long r = bits & 1 ? wl_rb(n, bits) : wl_ra(n, bits);

	__asm__ volatile("" : "+r"(r));
	return r + 1;
}

static unsigned long recurse_iter;

static int step_recurse(const struct wl_opts *o, int fd)
{
	return wl_rec(3, (unsigned)(recurse_iter++ % 16)) < 0 ? -1 : 0;
}

/* openpaged's page: PATH, in a mapping of a file of its own */
static char *paged_path;

static int setup_openpaged(const struct wl_opts *o)
{
	char tmp[] = "/tmp/workload-paged.XXXXXX";
	size_t len = strlen(o->argv[1]) + 1;
	int fd = mkstemp(tmp);

	if (fd < 0 || len > 4096 || write(fd, o->argv[1], len) != (ssize_t)len)
		return -1;
	paged_path = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE, fd, 0);
	unlink(tmp);
	close(fd);
	return paged_path == MAP_FAILED ? -1 : 0;
}

static int step_openpaged(const struct wl_opts *o, int fd)
{
	int nfd;

	if (madvise(paged_path, 4096, MADV_DONTNEED) < 0)
		return -1;
	nfd = open(paged_path, O_RDONLY);
	if (nfd >= 0)
		close(nfd);
	return 0;
}

static const struct wl_action {
	const char *name;
	wl_step_fn step;
	int nargs;		/* required arguments after the action */
	const char *file;	/* opened once before the loop, or NULL */
	int flags;
	/* run once before the loop (and the rename), or NULL */
	int (*setup)(const struct wl_opts *o);
} wl_actions[] = {
	{ "open", step_open, 1, NULL, 0, NULL },
	{ "read", step_read, 0, "/dev/zero", O_RDONLY, NULL },
	{ "write", step_write, 0, "/dev/null", O_WRONLY, NULL },
	{ "writehex", step_writehex, 1, NULL, 0, NULL },
	{ "exec", step_exec, 1, NULL, 0, NULL },
	{ "spin", step_spin, 0, NULL, 0, NULL },
	{ "sleep", step_sleep, 0, NULL, 0, NULL },
	{ "calls", step_calls, 0, NULL, 0, NULL },
	{ "recurse", step_recurse, 0, NULL, 0, NULL },
	{ "openpaged", step_openpaged, 1, NULL, 0, setup_openpaged },
};

static int usage(void)
{
	fprintf(stderr, "usage: workload [-n NAME] [-i MS] [-c COUNT] "
		"open PATH | read [PATH] | write [PATH] | writehex HEX "
		"| exec PROG [ARG...] "
		"| spin | sleep | calls | recurse | openpaged PATH\n");
	return 2;
}

static int parse_opts(int argc, char **argv, struct wl_opts *o)
{
	int c;

	o->name = NULL;
	o->interval_ms = 5;
	o->count = 0;
	while ((c = getopt(argc, argv, "n:i:c:")) != -1) {
		switch (c) {
		case 'n':
			o->name = optarg;
			break;
		case 'i':
			o->interval_ms = strtol(optarg, NULL, 10);
			break;
		case 'c':
			o->count = strtol(optarg, NULL, 10);
			break;
		default:
			return -1;
		}
	}
	o->argv = argv + optind;
	o->argc = argc - optind;
	return o->argc >= 1 ? 0 : -1;
}

static void run_loop(const struct wl_opts *o, const struct wl_action *a,
		     int fd)
{
	struct timespec ts = {
		o->interval_ms / 1000, (o->interval_ms % 1000) * 1000000L
	};

	/* Nothing between the rename and the first step: see the top. */
	if (o->name)
		prctl(PR_SET_NAME, o->name, 0, 0, 0);
	for (long i = 0; o->count == 0 || i < o->count; i++) {
		if (a->step(o, fd) < 0)
			exit(1);
		if (o->interval_ms > 0)
			nanosleep(&ts, NULL);
	}
	for (;;)
		pause();
}

int main(int argc, char **argv)
{
	const struct wl_action *a = NULL;
	struct wl_opts o;
	int fd = -1;

	if (parse_opts(argc, argv, &o) < 0)
		return usage();
	for (size_t i = 0; i < sizeof(wl_actions) / sizeof(wl_actions[0]); i++)
		if (strcmp(o.argv[0], wl_actions[i].name) == 0)
			a = &wl_actions[i];
	if (!a || o.argc < 1 + a->nargs)
		return usage();
	if (a->file) {
		fd = open(o.argc > 1 ? o.argv[1] : a->file, a->flags);
		if (fd < 0) {
			perror("workload: open");
			return 1;
		}
	}
	if (a->setup && a->setup(&o) < 0) {
		perror("workload: setup");
		return 1;
	}
	run_loop(&o, a, fd);
	return 0;
}
