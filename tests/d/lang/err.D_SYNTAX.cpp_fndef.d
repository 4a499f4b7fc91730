/*
 * -C: function definitions are read past only in system headers; a
 * script's own is still a D syntax error, after an #include too.
 */
/* @@opts: -C */

#include <endian.h>

static inline int
twice(int x)
{
	return 2 * x;
}

BEGIN
{
	exit(0);
}
