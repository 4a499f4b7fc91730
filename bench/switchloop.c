/*
 * switchloop: the driver of the context-switch benchmark.  A parent and
 * a child, both pinned to CPU 0, pass one byte back and forth N times
 * through two pipes: each pass blocks one and wakes the other, so every
 * pass is one context switch.  Prints the mean cost of a pass in
 * nanoseconds.  bench/run.sh runs it untraced and under tracers of
 * sched_switch; the difference is their cost per context switch.
 *
 *   switchloop [N]    (default 200000)
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
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
	long n = argc > 1 ? strtol(argv[1], NULL, 10) : 200000;
	int ping[2], pong[2];
	cpu_set_t cpu;
	char c = 0;
	double t0, t1;
	pid_t pid;

	CPU_ZERO(&cpu);
	CPU_SET(0, &cpu);
	if (n <= 0 || pipe(ping) || pipe(pong) ||
	    sched_setaffinity(0, sizeof(cpu), &cpu)) {
		perror("switchloop");
		return 1;
	}
	pid = fork();
	if (pid == 0) {
		close(ping[1]);	/* so that the parent's close ends the loop */
		while (read(ping[0], &c, 1) == 1 && write(pong[1], &c, 1) == 1)
			;
		_exit(0);
	}
	t0 = now_ns();
	for (long i = 0; i < n; i++)
		if (write(ping[1], &c, 1) != 1 || read(pong[0], &c, 1) != 1)
			return 1;
	t1 = now_ns();
	close(ping[1]);
	waitpid(pid, NULL, 0);
	/* two switches a round trip */
	printf("%.1f\n", (t1 - t0) / n / 2);
	return 0;
}
