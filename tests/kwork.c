/*
 * kwork: workloads for the D tests of the kernel providers (proc, sched,
 * io, lockstat, dtmalloc, callout_execute).  Each action does a fixed
 * sequence once and exits 0, so that a test run as "dtrace -c 'kwork
 * ACTION'" sees a known set of events from $target and its children:
 *
 *   proc      children that exec /bin/true, fail to exec, exit 3, are
 *             killed by SIGKILL and dump core (in a directory of their
 *             own, removed after); then a thread that exits
 *   signal    a child sends itself SIGUSR1, caught, SIGHUP, ignored,
 *             and SIGUSR2, blocked and taken by sigtimedwait()
 *   sched     sleeps; two threads spinning on CPU 0 (ticks, preemptions);
 *             yields; wakes a thread through a pipe; a priority-
 *             inheritance mutex held by the main thread and wanted by a
 *             thread of higher priority (nice -5)
 *   io DIR    a 64 KiB file, DIR/kwork-io, written and read back with O_DIRECT,
 *             then written through the page cache and fsync()ed, then
 *             read again after dropping its cached pages
 *   lock      threads writing to one pipe at once (its mutex, its wait
 *             queues' spinlocks), then to one file (its inode's
 *             rw_semaphore); forks while a thread waits for children
 *             (the task list's rwlock); mutex waits on a pseudo-
 *             terminal's write lock, one of them interrupted by a signal;
 *             "lock loop" repeats all that until killed (contention is
 *             not certain in one round: a test stops once it has seen
 *             every kind)
 *   malloc    ten opens and reads of /proc/self/stat: names_cache
 *             objects, kmalloc'ed seq_file buffers freed by kfree
 *   timer     three receives on a socket that time out after 20 ms (a
 *             timer of the timer wheel wakes the thread)
 *
 * Every step waits for the one before, so that the events of one
 * process come in a known order.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void die(const char *what)
{
	perror(what);
	exit(1);
}

static void reap(pid_t pid)
{
	int st;

	if (waitpid(pid, &st, 0) < 0)
		die("waitpid");
}

static void *thread_exit(void *arg)
{
	return arg;
}

/* remove dir and the files in it */
static void remove_dir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;

	while (d && (de = readdir(d)))
		if (de->d_name[0] != '.')
			unlinkat(dirfd(d), de->d_name, 0);
	if (d)
		closedir(d);
	rmdir(dir);
}

/* a child that dumps core in a directory of its own, removed after */
static void dump_core(void)
{
	char dir[] = "/tmp/kwork-core.XXXXXX";
	struct rlimit rl = { 256 << 20, 256 << 20 };
	pid_t pid;

	if (!mkdtemp(dir))
		die("mkdtemp");
	pid = fork();
	if (pid == 0) {
		if (chdir(dir) < 0 || setrlimit(RLIMIT_CORE, &rl) < 0)
			_exit(1);
		signal(SIGSEGV, SIG_DFL);
		raise(SIGSEGV);
		_exit(1);
	}
	reap(pid);
	remove_dir(dir);
}

/*
 * execv(path) from a child, path copied to the stack first: a tracepoint
 * cannot fault pages in, and a constant's page is not yet mapped in a
 * freshly forked child, so proc:::exec could not read it
 */
static void child_exec(const char *path)
{
	char buf[64];
	char *argv[] = { buf, NULL };

	snprintf(buf, sizeof(buf), "%s", path);
	execv(buf, argv);
}

static int do_proc(void)
{
	pthread_t t;
	pid_t pid;

	if ((pid = fork()) == 0) {
		child_exec("/bin/true");
		_exit(1);
	}
	reap(pid);
	if ((pid = fork()) == 0) {
		child_exec("/nonexistent/kwork");
		_exit(3);
	}
	reap(pid);
	if ((pid = fork()) == 0) {
		for (;;)
			pause();
	}
	usleep(20000);
	kill(pid, SIGKILL);
	reap(pid);
	dump_core();
	if (pthread_create(&t, NULL, thread_exit, NULL) != 0 ||
	    pthread_join(t, NULL) != 0)
		die("pthread");
	/* the join returns once the thread has dropped its memory, which
	 * may be before its exit is traced (Linux 6.1): give it time */
	usleep(200000);
	return 0;
}

static volatile sig_atomic_t caught;

static void on_usr1(int sig)
{
	caught = sig;
}

/* in a child: "dtrace -c" traces its command, and the kernel then
 * never discards a signal (a tracer may want to see it) */
static int do_signal(void)
{
	struct timespec ts = { 1, 0 };
	sigset_t set;
	int st;
	pid_t pid = fork();

	if (pid > 0) {
		if (waitpid(pid, &st, 0) < 0)
			die("waitpid");
		return WIFEXITED(st) ? WEXITSTATUS(st) : 1;
	}

	signal(SIGUSR1, on_usr1);
	kill(getpid(), SIGUSR1);
	signal(SIGHUP, SIG_IGN);
	kill(getpid(), SIGHUP);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	sigprocmask(SIG_BLOCK, &set, NULL);
	kill(getpid(), SIGUSR2);
	if (sigtimedwait(&set, NULL, &ts) != SIGUSR2)
		die("sigtimedwait");
	return caught == SIGUSR1 ? 0 : 1;
}

/* ---- sched ---------------------------------------------------------- */

static int pipefd[2];
static pthread_mutex_t pi_lock;

static void *pipe_reader(void *arg)
{
	char c;

	return read(pipefd[0], &c, 1) == 1 ? NULL : arg;
}

static void *pi_waiter(void *arg)
{
	if (setpriority(PRIO_PROCESS, 0, -5) < 0)
		return arg;
	pthread_mutex_lock(&pi_lock);
	pthread_mutex_unlock(&pi_lock);
	return NULL;
}

static void spin_ms(long ms)
{
	struct timespec a, b;

	clock_gettime(CLOCK_MONOTONIC, &a);
	do
		clock_gettime(CLOCK_MONOTONIC, &b);
	while ((b.tv_sec - a.tv_sec) * 1000 + (b.tv_nsec - a.tv_nsec) / 1000000 < ms);
}

static void pin_cpu0(void)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(0, &set);
	if (sched_setaffinity(0, sizeof(set), &set) < 0)
		die("sched_setaffinity");
}

static void *spinner(void *arg)
{
	pin_cpu0();
	spin_ms(100);
	return arg;
}

static int do_sched(void)
{
	pthread_mutexattr_t ma;
	pthread_t t;

	for (int i = 0; i < 3; i++)
		usleep(2000);
	/* two threads spinning on one CPU: ticks, preemptions */
	pin_cpu0();
	if (pthread_create(&t, NULL, spinner, NULL))
		die("pthread");
	spin_ms(100);
	pthread_join(t, NULL);
	/* yields with nothing else to run, mostly: the CPU remains */
	for (int i = 0; i < 100; i++)
		sched_yield();
	/* a wakeup */
	if (pipe(pipefd) < 0 || pthread_create(&t, NULL, pipe_reader, NULL))
		die("pipe");
	usleep(10000);
	if (write(pipefd[1], "x", 1) != 1 || pthread_join(t, NULL))
		die("pipe write");
	/* a priority inheritance: the holder is boosted, then restored */
	pthread_mutexattr_init(&ma);
	pthread_mutexattr_setprotocol(&ma, PTHREAD_PRIO_INHERIT);
	pthread_mutex_init(&pi_lock, &ma);
	pthread_mutex_lock(&pi_lock);
	if (pthread_create(&t, NULL, pi_waiter, NULL))
		die("pthread");
	usleep(50000);
	pthread_mutex_unlock(&pi_lock);
	return pthread_join(t, NULL) ? 1 : 0;
}

/* ---- io ------------------------------------------------------------- */

#define IO_SIZE	(64 * 1024)

static int do_io(const char *dir)
{
	char path[4096];
	void *buf;
	int fd;

	snprintf(path, sizeof(path), "%s/kwork-io", dir);
	if (posix_memalign(&buf, 4096, IO_SIZE))
		die("posix_memalign");
	memset(buf, 'k', IO_SIZE);
	fd = open(path, O_CREAT | O_TRUNC | O_RDWR | O_DIRECT, 0600);
	if (fd < 0)
		die(path);
	if (pwrite(fd, buf, IO_SIZE, 0) != IO_SIZE ||
	    pread(fd, buf, IO_SIZE, 0) != IO_SIZE)
		die("O_DIRECT");
	close(fd);
	fd = open(path, O_RDWR);
	if (fd < 0 || pwrite(fd, buf, IO_SIZE, 0) != IO_SIZE || fsync(fd))
		die("buffered write");
	if (posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED) ||
	    pread(fd, buf, IO_SIZE, 0) != IO_SIZE)
		die("buffered read");
	close(fd);
	unlink(path);
	free(buf);
	return 0;
}

/* ---- lock ----------------------------------------------------------- */

#define LOCK_THREADS	4
#define LOCK_ROUNDS	20000
#define LOCK_FORKS	1500

static int lock_file;
static volatile int forking;

/* a pipe's mutex, and the spinlocks of its wait queues */
static void *pipe_writer(void *arg)
{
	static const char line[64] = "kwork lock contention\n";

	for (int i = 0; i < LOCK_ROUNDS; i++)
		if (write(pipefd[1], line, sizeof(line)) < 0)
			return arg;
	return NULL;
}

static void *pipe_drain(void *arg)
{
	char buf[4096];

	while (read(pipefd[0], buf, sizeof(buf)) > 0)
		;
	return arg;
}

/* a file's inode rw_semaphore, taken for writing (a page rewritten in
 * place: the lock is held a while, the file does not grow) */
static void *file_writer(void *arg)
{
	static char page[4096];

	for (int i = 0; i < LOCK_ROUNDS / 2; i++)
		if (pwrite(lock_file, page, sizeof(page), 0) < 0)
			return arg;
	return NULL;
}

/* the task list's rwlock: read by wait4(), written by fork and exit */
static void *waiter(void *arg)
{
	while (forking)
		waitpid(-1, NULL, WNOHANG | __WALL);
	return arg;
}

/*
 * Mutex waits on a pseudo-terminal's write lock, which a writer holds
 * while it waits for room: one writer fills the terminal, others wait
 * for the lock (spinning on its owner briefly, then sleeping); a signal
 * interrupts one of them, which gives up; then the terminal is drained
 * and the others take the lock in turn.
 */
#define PTY_WAITERS	3

static int pty_slave;
static volatile int pty_interrupted;

static void on_interrupt(int sig)
{
	(void)sig;
}

static void *pty_filler(void *arg)
{
	static char buf[1 << 20];

	memset(buf, 'k', sizeof(buf));
	return write(pty_slave, buf, sizeof(buf)) < 0 ? NULL : arg;
}

static void *pty_waiter(void *arg)
{
	if (write(pty_slave, "k", 1) < 0 && errno == EINTR)
		pty_interrupted = 1;
	return arg;
}

static void mutex_waits(void)
{
	struct sigaction sa = { .sa_handler = on_interrupt };
	int master = posix_openpt(O_RDWR | O_NOCTTY);
	pthread_t filler, w[PTY_WAITERS];
	char buf[65536];

	if (master < 0 || grantpt(master) || unlockpt(master) ||
	    (pty_slave = open(ptsname(master), O_RDWR | O_NOCTTY)) < 0)
		die("pty");
	pty_interrupted = 0;	/* a round of "lock loop" starts again */
	sigaction(SIGUSR1, &sa, NULL);	/* no SA_RESTART */
	if (pthread_create(&filler, NULL, pty_filler, NULL))
		die("pthread");
	usleep(50000);
	for (int i = 0; i < PTY_WAITERS; i++)
		if (pthread_create(&w[i], NULL, pty_waiter, NULL))
			die("pthread");
	usleep(50000);
	/* a signal sent before it waits only runs its handler: again */
	for (int i = 0; i < 500 && !pty_interrupted; i++) {
		pthread_kill(w[0], SIGUSR1);
		usleep(20000);
	}
	pthread_join(w[0], NULL);
	fcntl(master, F_SETFL, O_NONBLOCK);
	while (pthread_tryjoin_np(filler, NULL) != 0)
		if (read(master, buf, sizeof(buf)) <= 0)
			usleep(1000);
	for (int i = 1; i < PTY_WAITERS; i++) {
		while (pthread_tryjoin_np(w[i], NULL) != 0)
			if (read(master, buf, sizeof(buf)) <= 0)
				usleep(1000);
	}
	close(master);
	close(pty_slave);
}

static void run_threads(void *(*fn)(void *), int n)
{
	pthread_t t[LOCK_THREADS];

	for (int i = 0; i < n; i++)
		if (pthread_create(&t[i], NULL, fn, NULL))
			die("pthread");
	for (int i = 0; i < n; i++)
		pthread_join(t[i], NULL);
}

static int do_lock(void)
{
	char path[] = "/tmp/kwork-lock.XXXXXX";
	pthread_t d, w, w2;

	if (pipe(pipefd) < 0 || (lock_file = mkstemp(path)) < 0)
		die("lock setup");
	unlink(path);
	if (pthread_create(&d, NULL, pipe_drain, NULL))
		die("pthread");
	run_threads(pipe_writer, LOCK_THREADS);
	close(pipefd[1]);
	pthread_join(d, NULL);
	run_threads(file_writer, LOCK_THREADS);
	forking = 1;
	if (pthread_create(&w, NULL, waiter, NULL) ||
	    pthread_create(&w2, NULL, waiter, NULL))
		die("pthread");
	for (int i = 0; i < LOCK_FORKS; i++) {
		pid_t pid = fork();

		if (pid == 0)
			_exit(0);
	}
	forking = 0;
	pthread_join(w, NULL);
	pthread_join(w2, NULL);
	while (waitpid(-1, NULL, 0) > 0)
		;
	mutex_waits();
	close(pipefd[0]);
	close(lock_file);
	return 0;
}

/* ---- malloc -------------------------------------------------------- */

/*
 * Kernel allocations of known types: each open() takes a names_cache
 * object for the path and frees it before returning; reading a /proc
 * file takes a seq_file buffer from kmalloc (4 KiB), freed by kfree at
 * close.
 */
static int do_malloc(void)
{
	char buf[256];

	for (int i = 0; i < 10; i++) {
		int fd = open("/proc/self/stat", O_RDONLY);

		if (fd < 0 || read(fd, buf, sizeof(buf)) <= 0)
			die("/proc/self/stat");
		close(fd);
	}
	return 0;
}

/* ---- timer --------------------------------------------------------- */

/*
 * Receives that time out: a socket's receive timeout sleeps on a timer
 * of the timer wheel (schedule_timeout()), whose callback wakes it.
 */
static int do_timer(void)
{
	struct timeval tv = { 0, 20000 };
	char c;
	int fd = socket(AF_INET, SOCK_DGRAM, 0);

	if (fd < 0 || setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)))
		die("socket");
	for (int i = 0; i < 3; i++)
		if (recv(fd, &c, 1, 0) >= 0 || errno != EAGAIN)
			die("recv");
	close(fd);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: kwork proc|signal|sched|io DIR|lock [loop]|timer|malloc\n");
		return 2;
	}
	if (strcmp(argv[1], "proc") == 0)
		return do_proc();
	if (strcmp(argv[1], "signal") == 0)
		return do_signal();
	if (strcmp(argv[1], "sched") == 0)
		return do_sched();
	if (strcmp(argv[1], "io") == 0 && argc > 2)
		return do_io(argv[2]);
	if (strcmp(argv[1], "lock") == 0) {
		bool loop = argc > 2 && strcmp(argv[2], "loop") == 0;

		while (do_lock() == 0 && loop)
			;
		return 0;
	}
	if (strcmp(argv[1], "timer") == 0)
		return do_timer();
	if (strcmp(argv[1], "malloc") == 0)
		return do_malloc();
	fprintf(stderr, "kwork: unknown action %s\n", argv[1]);
	return 2;
}
