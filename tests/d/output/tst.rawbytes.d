/*
 * -x rawbytes: trace() prints every byte record as a hex dump, strings
 * included (strsize characters and the NUL); integers are unaffected.
 */
/* @@opts: -q -x rawbytes -x strsize=16 */

BEGIN
{
	trace("hello");
	trace(12);
	exit(0);
}
