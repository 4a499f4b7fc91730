/*
 * libuprog.so: the library uprog loads with "dlopen" (tests of probes in
 * libraries loaded while tracing): a function, and a <sys/sdt.h> probe
 * with a semaphore, uproglib:::lib-call(x).
 */
#define _SDT_HAS_SEMAPHORES 1
#include <sys/sdt.h>

unsigned short uproglib_lib__call_semaphore __attribute__((section(".probes")));

int up_lib(int x);

__attribute__((noinline)) int up_lib(int x)
{
	if (uproglib_lib__call_semaphore)
		DTRACE_PROBE1(uproglib, lib__call, x);
	return x * 6;
}
