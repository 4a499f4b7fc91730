/*
 * A function with several names (aliases at one address) is one probe,
 * named by its canonical name whichever name the description uses:
 * fewer leading underscores first, as libproc prefers (libc's
 * __libc_malloc is malloc).
 */
/* @@opts: -q -c @BUILD@/tests/uprog */

pid$target:libc.so.6:__libc_malloc:entry,
pid$target:libc.so.6:malloc:entry
/n++ == 0/
{
	printf("%s %s\n", probemod, probefunc);
}
