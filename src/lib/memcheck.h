/*
 * Telling valgrind's memcheck what the kernel wrote.  valgrind knows
 * the bpf(2) commands it was released with; the memory others fill in
 * (BPF_MAP_LOOKUP_BATCH's keys and values, in valgrind 3.19) stays
 * "uninitialised" to it, and every use is then a false report.
 * mc_defined() marks such memory defined after the call: outside
 * valgrind it costs a few instructions, and without valgrind's header
 * at build time nothing.  under_valgrind() tells code that cannot run
 * there (a breakpoint in dtrace's own code) to keep out.
 */
#ifndef BD_MEMCHECK_H
#define BD_MEMCHECK_H

#if defined(__has_include) && __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#define mc_defined(p, n)	((void)VALGRIND_MAKE_MEM_DEFINED((p), (n)))
#define under_valgrind()	(RUNNING_ON_VALGRIND != 0)
#else
#define mc_defined(p, n)	((void)(p), (void)(n))
#define under_valgrind()	false
#endif

#endif
