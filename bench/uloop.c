/*
 * uloop: the traced side of the user-space probe benchmarks (uprobe.sh).
 *
 *   uloop call N     calls uloop_fn() N times and prints the mean ns per
 *                    call: the cost of a pid entry probe on it
 *   uloop usdt N     fires the SDT probe uloop:::tick N times (it has a
 *                    semaphore, so it fires only while traced)
 *   uloop wait       prints "ready" and sleeps until killed, with the
 *                    NFUNCS functions ufN() of ufuncs.c mapped: attach
 *                    and detach time of many pid probes
 */
#define _GNU_SOURCE
#define _SDT_HAS_SEMAPHORES 1
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sdt.h>
#include <time.h>
#include <unistd.h>

unsigned short uloop_tick_semaphore __attribute__((section(".probes")));
volatile long uloop_sink;

int uloop_fn(int x);

/*
 * A function as compiled with frame pointers: its first instruction,
 * push %rbp, is one the kernel emulates at a uprobe (Linux 6.11 and
 * later); another would be stepped out of line, which costs tens of
 * microseconds in a VM (a debug trap per firing) and hides everything
 * else.
 */
__attribute__((noinline)) int uloop_fn(int x)
{
	__asm__ volatile("push %%rbp\n\tpop %%rbp" ::: "memory");
	return x + 1;
}

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	long n = argc > 2 ? atol(argv[2]) : 1000000;
	double t0, t1;

	if (argc > 1 && strcmp(argv[1], "wait") == 0) {
		printf("ready\n");
		fflush(stdout);
		pause();
		return 0;
	}
	if (argc < 2 || (strcmp(argv[1], "call") && strcmp(argv[1], "usdt"))) {
		fprintf(stderr, "usage: uloop call|usdt|wait [N]\n");
		return 2;
	}
	t0 = now_ns();
	if (strcmp(argv[1], "call") == 0) {
		for (long i = 0; i < n; i++)
			uloop_sink = uloop_fn((int)i);
	} else {
		for (long i = 0; i < n; i++)
			if (uloop_tick_semaphore)
				DTRACE_PROBE1(uloop, tick, i);
	}
	t1 = now_ns();
	printf("%.1f\n", (t1 - t0) / n);
	return 0;
}
