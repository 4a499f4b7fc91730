/*
 * -x debug's lines: "libdtrace DEBUG <ns>: <what>", the time a monotonic
 * clock's nanoseconds as DTrace for Linux gives its own; and -x core's
 * forced core dump, announced by such a line.
 */
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

#include "debug.h"

static void vline(const char *fmt, va_list ap)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	fprintf(stderr, "libdtrace DEBUG %llu: ",
		(unsigned long long)ts.tv_sec * 1000000000ULL +
		(unsigned long long)ts.tv_nsec);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

static void line(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vline(fmt, ap);
	va_end(ap);
}

void debug_printf(const struct dopts *o, const char *fmt, ...)
{
	va_list ap;

	if (!o || !o->debug)
		return;
	va_start(ap, fmt);
	vline(fmt, ap);
	va_end(ap);
}

void debug_force_core(void)
{
	struct rlimit lim = { RLIM_INFINITY, RLIM_INFINITY };
	struct sigaction act = { .sa_handler = SIG_DFL };

	line("[ forcing coredump ]");
	fflush(NULL);
	sigemptyset(&act.sa_mask);
	sigaction(SIGABRT, &act, NULL);
	setrlimit(RLIMIT_CORE, &lim);
	abort();
}
