/*
 * DTrace's global identifiers and the D version each appeared in.  A
 * program may not declare a variable of one of these names ("built-in
 * identifier redeclared"), but only of those its D version has:
 * `#pragma D option version=1.0` makes strstr an ordinary name again, as
 * the identifiers introduced in 1.1 did not exist then.  Names not
 * listed with a version came with D itself (1.0).
 */
#include <stdlib.h>
#include <string.h>

#include "sema_impl.h"

/* the D version as DTrace encodes it: major, minor, micro */
#define VERS(a, b, c)	(((a) << 24) | ((b) << 12) | (c))

static const struct {
	const char *name;
	unsigned vers;
} idents[] = {
	{ "alloca", 0 }, { "avg", 0 }, { "basename", 0 }, { "bcopy", 0 },
	{ "breakpoint", 0 }, { "chill", 0 }, { "cleanpath", 0 },
	{ "clear", 0 }, { "commit", 0 }, { "copyin", 0 }, { "copyinstr", 0 },
	{ "copyinto", 0 }, { "copyout", 0 }, { "copyoutstr", 0 },
	{ "count", 0 }, { "d_path", 0 }, { "ddi_pathname", 0 },
	{ "denormalize", 0 }, { "dirname", 0 }, { "discard", 0 },
	{ "exit", 0 }, { "freopen", VERS(1, 1, 0) }, { "ftruncate", 0 },
	{ "func", VERS(1, 2, 0) }, { "getmajor", 0 }, { "getminor", 0 },
	{ "htonl", VERS(1, 3, 0) }, { "htonll", VERS(1, 3, 0) },
	{ "htons", VERS(1, 3, 0) }, { "index", VERS(1, 1, 0) },
	{ "inet_ntoa", VERS(1, 5, 0) }, { "inet_ntoa6", VERS(1, 5, 0) },
	{ "inet_ntop", VERS(1, 5, 0) }, { "jstack", 0 },
	{ "link_ntop", VERS(1, 5, 0) }, { "llquantize", VERS(1, 6, 4) },
	{ "lltostr", 0 }, { "lquantize", 0 }, { "max", 0 }, { "min", 0 },
	{ "mod", VERS(1, 2, 0) }, { "msgdsize", 0 }, { "msgsize", 0 },
	{ "mutex_owned", 0 }, { "mutex_owner", 0 },
	{ "mutex_type_adaptive", 0 }, { "mutex_type_spin", 0 },
	{ "normalize", 0 }, { "ntohl", VERS(1, 3, 0) },
	{ "ntohll", VERS(1, 3, 0) }, { "ntohs", VERS(1, 3, 0) },
	{ "panic", 0 }, { "pcap", VERS(1, 6, 4) }, { "print", VERS(2, 0, 0) },
	{ "printa", 0 }, { "printf", 0 }, { "progenyof", 0 },
	{ "quantize", 0 }, { "raise", 0 }, { "rand", 0 },
	{ "rindex", VERS(1, 1, 0) }, { "rw_iswriter", 0 },
	{ "rw_read_held", 0 }, { "rw_write_held", 0 }, { "self", 0 },
	{ "setopt", VERS(1, 2, 0) }, { "speculate", 0 },
	{ "speculation", 0 }, { "stack", 0 }, { "stddev", VERS(1, 6, 0) },
	{ "stop", 0 }, { "strchr", VERS(1, 1, 0) }, { "strjoin", 0 },
	{ "strlen", 0 }, { "strrchr", VERS(1, 1, 0) },
	{ "strstr", VERS(1, 1, 0) }, { "strtok", VERS(1, 1, 0) },
	{ "substr", VERS(1, 1, 0) }, { "sum", 0 }, { "sym", VERS(1, 2, 0) },
	{ "system", 0 }, { "this", 0 }, { "trace", 0 }, { "tracemem", 0 },
	{ "trunc", 0 }, { "uaddr", VERS(1, 2, 0) },
	{ "ucaller", VERS(1, 2, 0) }, { "ufunc", VERS(1, 2, 0) },
	{ "umod", VERS(1, 2, 0) }, { "ustack", 0 },
	{ "ustackdepth", VERS(1, 2, 0) }, { "usym", VERS(1, 2, 0) },
};

/* "MAJOR.MINOR[.MICRO]", checked when the option was set */
static unsigned parse_version(const char *v)
{
	char *end;
	unsigned long a = strtoul(v, &end, 10), b = 0, c = 0;

	if (*end == '.')
		b = strtoul(end + 1, &end, 10);
	if (*end == '.')
		c = strtoul(end + 1, &end, 10);
	return VERS((unsigned)a, (unsigned)b, (unsigned)c);
}

bool sema_global_ident(const struct sema *s, const char *name)
{
	unsigned vers = s->version ? parse_version(s->version) : ~0u;

	for (size_t i = 0; i < sizeof(idents) / sizeof(idents[0]); i++)
		if (strcmp(idents[i].name, name) == 0)
			return idents[i].vers <= vers;
	return false;
}
