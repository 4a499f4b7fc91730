/*
 * uprog: the program the user-space tracing tests (pid, ustack) trace.
 * Its functions have known arguments, return values and callers, and are
 * kept out of line so that pid probes find them.  Built dynamic (uprog),
 * static (uprog-static) and stripped (uprog-stripped, whose functions are
 * still in .dynsym: the program is linked with -rdynamic).
 *
 *   uprog [-l] [-c COUNT] [ACTION ...]
 *
 * Without an action it runs "calls" then "usdt" once.  Actions:
 *
 *   calls          up_add(2, 40), up_many(1 .. 8), up_top(5) (which calls
 *                  up_mid, which calls up_leaf), up_str("hello"), up_asm(),
 *                  then malloc(24) and free()
 *   usdt           fire its <sys/sdt.h> probes, all with semaphores:
 *                  uprog:::pair(7, -3), uprog:::str__arg("hello"),
 *                  uprog:::narrow(-5 as an int8_t, 200 as a uint8_t),
 *                  uprog:::consts(1, -2, up_sink in memory), and
 *                  uprog:::guarded(N), the number of times it fired,
 *                  only while its semaphore is raised
 *   dlopen LIB     dlopen LIB (a path) and call its up_lib(7)
 *   fork           fork: the child goes on with the actions after it, the
 *                  parent waits for the child and ends the iteration
 *   thread         the actions after it run in a second thread, which the
 *                  main thread waits for (probes in threads other than
 *                  the process's first)
 *   deep           up_deep(30): 31 frames of up_deep, which then calls
 *                  up_leaf(0) (a stack deeper than illumos' 20 frames)
 *   paged          strings the process has not paged in when its probes
 *                  read them: up_str("a string not paged in"), from a
 *                  page of a file mapping dropped (MADV_DONTNEED) before;
 *                  up_str("a string across two pages"), whose first page
 *                  is in and whose second is such a page (another
 *                  mapping, so that the kernel's fault-around cannot
 *                  bring it in with the first); then uprog:::str__arg
 *                  with the first string, dropped again
 *   sleep MS       sleep MS milliseconds
 *   wait PATH      wait until PATH exists (a test's go-ahead)
 *
 * -l repeats the actions until killed (10 ms apart), -c COUNT that many
 * times; then it exits 0.  Everything it prints goes to stderr, one line
 * per iteration, so tests can tell its output from dtrace's.
 */
#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifndef UPROG_STATIC
/* <sys/sdt.h> probes with semaphores (see "usdt") */
#define _SDT_HAS_SEMAPHORES 1
#include <sys/sdt.h>
#define SEMA(name) \
	unsigned short uprog_##name##_semaphore __attribute__((section(".probes")))
SEMA(pair);
SEMA(str__arg);
SEMA(narrow);
SEMA(consts);
SEMA(guarded);
#endif

#define NOINLINE __attribute__((noinline, used))

int up_add(int a, int b);
long up_many(long a, long b, long c, long d, long e, long f, long g, long h);
int up_leaf(int x);
int up_mid(int x);
int up_top(int x);
size_t up_str(const char *s);
long up_asm(void);
int up_deep(int n);

/* results go here, so that no call is optimized away */
volatile long up_sink;
void *volatile up_mem;

NOINLINE int up_add(int a, int b)
{
	return a + b;
}

NOINLINE long up_many(long a, long b, long c, long d, long e, long f,
		      long g, long h)
{
	return a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f + 7 * g + 8 * h;
}

NOINLINE int up_leaf(int x)
{
	__asm__ volatile("" ::: "memory");
	return x * 3;
}

NOINLINE int up_mid(int x)
{
	return up_leaf(x + 1) + 1;
}

NOINLINE int up_top(int x)
{
	return up_mid(x + 1) + 1;
}

/* not a tail call: each level's frame stays on the stack */
NOINLINE int up_deep(int n)
{
	return (n > 0 ? up_deep(n - 1) : up_leaf(0)) + 1;
}

NOINLINE size_t up_str(const char *s)
{
	return strlen(s);
}

/*
 * up_asm: one byte, then a 10-byte instruction, then ret: offset 1 is an
 * instruction, offsets 2 to 10 are inside one, offset 0xb is the ret.
 */
__asm__(".text\n"
	".globl up_asm\n"
	".type up_asm, @function\n"
	"up_asm:\n"
	"	nop\n"
	"	movabsq $0x1122334455667788, %rax\n"
	"	ret\n"
	".size up_asm, . - up_asm\n");

static void calls(void)
{
	up_sink = up_add(2, 40);
	up_sink = up_many(1, 2, 3, 4, 5, 6, 7, 8);
	up_sink = up_top(5);
	up_sink = (long)up_str("hello");
	up_sink = up_asm();
	up_mem = malloc(24);
	free(up_mem);
}

static NOINLINE void usdt(void)
{
#ifndef UPROG_STATIC
	static long guarded;
	long a = 7, b = -3;
	signed char c = -5;
	unsigned char d = 200;

	DTRACE_PROBE2(uprog, pair, a, b);
	DTRACE_PROBE1(uprog, str__arg, "hello");
	DTRACE_PROBE2(uprog, narrow, c, d);
	DTRACE_PROBE3(uprog, consts, 1, -2, up_sink);
	if (uprog_guarded_semaphore)
		DTRACE_PROBE1(uprog, guarded, ++guarded);
#endif
}

/* A page of a file holding text at offset off, mapped private at
 * addr (or anywhere: NULL), never touched by this process. */
static char *file_page(char *addr, const char *text, off_t off)
{
	char tmp[] = "/tmp/uprog-paged.XXXXXX";
	int fd = mkstemp(tmp);
	char *p = MAP_FAILED;

	if (fd < 0)
		return NULL;
	if (pwrite(fd, text, strlen(text) + 1, off) ==
	    (ssize_t)strlen(text) + 1)
		p = mmap(addr, 4096, PROT_READ, MAP_PRIVATE |
			 (addr ? MAP_FIXED : 0), fd, 0);
	unlink(tmp);
	close(fd);
	return p == MAP_FAILED ? NULL : p;
}

static NOINLINE int paged(void)
{
	static const char across[] = "a string across two pages";
	static char *one, *two;

	if (!one) {
		/* two: an anonymous page, then a file's, apart */
		two = mmap(NULL, 8192, PROT_READ | PROT_WRITE,
			   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		one = file_page(NULL, "a string not paged in", 0);
		if (two == MAP_FAILED || !one ||
		    !file_page(two + 4096, across + 10, 0)) {
			fprintf(stderr, "uprog: paged: %m\n");
			return 1;
		}
		memcpy(two + 4096 - 10, across, 10);
	}
	madvise(one, 4096, MADV_DONTNEED);
	madvise(two + 4096, 4096, MADV_DONTNEED);
	up_sink = (long)up_str(one);
	up_sink = (long)up_str(two + 4096 - 10);
	madvise(one, 4096, MADV_DONTNEED);
#ifndef UPROG_STATIC
	DTRACE_PROBE1(uprog, str__arg, one);
#endif
	return 0;
}

static int lib(const char *path)
{
#ifdef UPROG_STATIC
	fprintf(stderr, "uprog: static, no dlopen of %s\n", path);
	return 1;
#else
	void *h = dlopen(path, RTLD_NOW);
	int (*fn)(int);

	if (!h) {
		fprintf(stderr, "uprog: %s\n", dlerror());
		return 1;
	}
	fn = (int (*)(int))dlsym(h, "up_lib");
	if (!fn) {
		fprintf(stderr, "uprog: no up_lib in %s\n", path);
		return 1;
	}
	up_sink = fn(7);
	return 0;
#endif
}

static int run(char **actions, int n);

/* the actions of "thread", and their result */
struct uthread {
	char **actions;
	int n, rc;
};

static void *uthread_run(void *arg)
{
	struct uthread *t = arg;

	t->rc = run(t->actions, t->n);
	return NULL;
}

static int run(char **actions, int n)
{
	if (n == 0) {
		calls();
		usdt();
		return 0;
	}
	for (int i = 0; i < n; i++) {
		if (strcmp(actions[i], "calls") == 0) {
			calls();
		} else if (strcmp(actions[i], "usdt") == 0) {
			usdt();
		} else if (strcmp(actions[i], "deep") == 0) {
			up_sink = up_deep(30);
		} else if (strcmp(actions[i], "paged") == 0) {
			if (paged() != 0)
				return 1;
		} else if (strcmp(actions[i], "sleep") == 0 && i + 1 < n) {
			long ms = atol(actions[++i]);

			nanosleep(&(struct timespec){ ms / 1000,
				  (ms % 1000) * 1000000 }, NULL);
		} else if (strcmp(actions[i], "wait") == 0 && i + 1 < n) {
			const char *path = actions[++i];

			while (access(path, F_OK) != 0)
				nanosleep(&(struct timespec){ 0, 10000000 }, NULL);
		} else if (strcmp(actions[i], "dlopen") == 0 && i + 1 < n) {
			if (lib(actions[++i]) != 0)
				return 1;
		} else if (strcmp(actions[i], "thread") == 0) {
			struct uthread t = { actions + i + 1, n - i - 1, 1 };
			pthread_t th;

			if (pthread_create(&th, NULL, uthread_run, &t) != 0 ||
			    pthread_join(th, NULL) != 0)
				return 1;
			return t.rc;
		} else if (strcmp(actions[i], "fork") == 0) {
			pid_t child = fork();
			int st;

			if (child < 0)
				return 1;
			if (child > 0)
				return waitpid(child, &st, 0) == child &&
				       WIFEXITED(st) ? WEXITSTATUS(st) : 1;
		} else {
			fprintf(stderr, "uprog: unknown action %s\n", actions[i]);
			return 2;
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	long count = 1, i;
	int opt, rc;

	while ((opt = getopt(argc, argv, "lc:")) != -1) {
		if (opt == 'l')
			count = -1;
		else if (opt == 'c')
			count = atol(optarg);
		else
			return 2;
	}
	for (i = 0; count < 0 || i < count; i++) {
		if (i > 0)
			nanosleep(&(struct timespec){ 0, 10000000 }, NULL);
		rc = run(argv + optind, argc - optind);
		if (rc != 0)
			return rc;
		fprintf(stderr, "uprog: %ld\n", i + 1);
	}
	return 0;
}
