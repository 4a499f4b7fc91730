/*
 * pairloop: the driver of the unprobed-call benchmark (bench/unprobed.sh).
 * Alternates blocks of BLOCK getpid() and BLOCK getppid() system calls,
 * N of each in all, and prints the mean cost of each in nanoseconds of
 * the thread's own CPU time (CLOCK_THREAD_CPUTIME_ID: it counts the time
 * spent in the kernel for the call and in any probe it runs, not the time
 * the thread waited for the CPU, which on a shared machine is most of
 * the noise).  Alternating small blocks makes slow drift of the machine
 * hit both calls alike.  Only getppid is probed: getpid's cost shows
 * what tracing one call costs every other call.
 *
 *   pairloop [N]    (default 2000000)
 *   prints: "UNPROBED_NS PROBED_NS"
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define BLOCK 10000

static long long cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* the CPU time of k calls of system call nr */
static long long calls(long nr, long k)
{
	long long t0 = cpu_ns();

	for (long i = 0; i < k; i++)
		syscall(nr);
	return cpu_ns() - t0;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? strtol(argv[1], NULL, 10) : 2000000;
	long long a = 0, b = 0;

	if (n <= 0) {
		fprintf(stderr, "usage: pairloop [N]\n");
		return 2;
	}
	for (long done = 0; done < n; done += BLOCK) {
		long k = n - done < BLOCK ? n - done : BLOCK;

		a += calls(SYS_getpid, k);
		b += calls(SYS_getppid, k);
	}
	printf("%.2f %.2f\n", (double)a / n, (double)b / n);
	return 0;
}
