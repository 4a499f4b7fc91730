/*
 * dtrace -G: the link step of DTrace's USDT for programs written for
 * DTrace.  With DTrace's <sys/sdt.h>, a probe site is a call to
 * __dtrace_<provider>___<probe>() and an is-enabled test a call to
 * __dtraceenabled_<provider>___<probe>(): -G rewrites each object's
 * probe calls into nops that SDT notes describe (link_patch.c), as DTrace
 * rewrites them, and writes the object the program is linked with
 * (link_obj.c), which defines the probes' semaphores, is-enabled
 * functions that return them, and the provider definition note.  So a
 * Makefile written for illumos or FreeBSD builds unchanged, and the
 * program needs no drti.o, daemon or kernel module.  Programs built
 * with dtrace -h headers need nothing of it, but may run it too.
 */
#ifndef BD_LINK_H
#define BD_LINK_H

#include <stdio.h>

#include "../compile/diag.h"
#include "../compile/provdef.h"
#include "../lib/arena.h"

/*
 * Patch the probe sites of the relocatable objects objs[0 .. nobjs) in
 * place, for the providers defs, and write the provider object to out.
 * 0, or -1 after saying why on err.
 */
int link_generate(struct arena *a, const struct provdef *defs,
		  char *const *objs, int nobjs, const char *out, FILE *err);

/* link_patch.c: patch one object; the count of sites, or -1 after a
 * message on err */
int link_patch(struct arena *a, const struct provdef *defs,
	       const char *path, FILE *err);

/* link_obj.c: write the provider object for defs to out; 0 or -1 */
int link_obj_write(const struct provdef *defs, const char *out, FILE *err);

#endif
