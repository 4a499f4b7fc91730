/*
 * Globs in a pid probe's module and function, in a shared library:
 * libc.so* and mal* / *alloc name libc's malloc (among the functions
 * they match), which uprog's "calls" runs once with 24; its other
 * calls of them (the loader's, stdio's) are told apart by the size.
 * probemod is libc's file name, probefunc the function's.  Both
 * descriptions name malloc, so the clause runs twice for it, as
 * DTrace's enablings do.
 */
/* @@opts: -q -c @BUILD@/tests/uprog */

pid$target:libc.so*:mal*:entry,
pid$target:libc.so.6:*alloc:entry
/arg0 == 24/
{
	printf("%s:%s:%s %d\n", probemod, probefunc, probename, arg0);
}
