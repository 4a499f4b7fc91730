/*
 * -x debug's lines: "libdtrace DEBUG <ns>: <what>", the time a monotonic
 * clock's nanoseconds as DTrace for Linux gives its own.
 */
#include <stdarg.h>
#include <stdio.h>
#include <time.h>

#include "debug.h"

void debug_printf(const struct dopts *o, const char *fmt, ...)
{
	struct timespec ts;
	va_list ap;

	if (!o || !o->debug)
		return;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	fprintf(stderr, "libdtrace DEBUG %llu: ",
		(unsigned long long)ts.tv_sec * 1000000000ULL +
		(unsigned long long)ts.tv_nsec);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}
