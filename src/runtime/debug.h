/*
 * -x debug: the steps of a run (compiling, loading, attaching, tracing,
 * stopping) on stderr, one line each, marked as DTrace for Linux marks
 * its library's debugging output ("libdtrace DEBUG <ns>: ..."), so that
 * a run that goes wrong shows how far it got.
 */
#ifndef BD_DEBUG_H
#define BD_DEBUG_H

#include "options.h"

/* One line, if o asks for them; fmt has no trailing newline. */
void debug_printf(const struct dopts *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * -x core: end the process with a core dump, whatever the limit on core
 * files, once its output is out (DTrace's dt_coredump(), for debugging
 * the tool itself).  Where the core goes is the kernel's core_pattern.
 */
void debug_force_core(void) __attribute__((noreturn));

#endif
