/*
 * System errors in a user's words: strerror(), and when the error comes
 * from a limit the user can change, which limit and how.  A low
 * RLIMIT_NOFILE shows as "Too many open files" while a thousand probes
 * are attached; with it, the user learns the limit was 64 and that
 * ulimit -n raises it.
 */
#ifndef BD_OSERR_H
#define BD_OSERR_H

#include <stddef.h>
#include <stdint.h>

/* strerror(err) with its limit, if any; err is positive; buf's text */
const char *oserr_str(int err, char *buf, size_t len);

/*
 * The same for creating a map of bytes bytes whose size option is opt
 * ("bufsize"; NULL if none): ENOMEM and E2BIG name both.
 */
const char *oserr_map_str(int err, uint64_t bytes, const char *opt,
			  char *buf, size_t len);

#endif
