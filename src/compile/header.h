/*
 * dtrace -h: the C header for the probes of D "provider" definitions,
 * in the Linux <sys/sdt.h> (USDT) form.
 */
#ifndef BD_HEADER_H
#define BD_HEADER_H

#include "../lib/arena.h"
#include "../lib/strbuf.h"
#include "diag.h"

/*
 * Parse srcs and append the header for every provider they define to
 * sb; outname (the header's file name) names its include guard.  0, or
 * -1 with the error in d.
 */
int header_generate(struct arena *a, const struct source *srcs, int nsrcs,
		    const char *outname, struct strbuf *sb, struct diag *d);

#endif
