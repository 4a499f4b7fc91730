/*
 * sysloop: the driver of the per-event overhead benchmark.  Makes N
 * getppid() system calls (through syscall(2), so that no library caching
 * can skip the kernel) and prints the mean cost of one in nanoseconds.
 * bench/run.sh runs it untraced and under each tracer; the difference is
 * the tracer's cost per event.
 *
 *   sysloop [N]    (default 1000000)
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? strtol(argv[1], NULL, 10) : 1000000;
	double t0, t1;

	if (n <= 0) {
		fprintf(stderr, "usage: sysloop [N]\n");
		return 2;
	}
	t0 = now_ns();
	for (long i = 0; i < n; i++)
		syscall(SYS_getppid);
	t1 = now_ns();
	printf("%.1f\n", (t1 - t0) / n);
	return 0;
}
