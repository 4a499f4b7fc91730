/*
 * trace() output with -q: an integer as %d and a string as %s, with
 * no separator, so several trace()s in one clause run together.
 */
/* @@opts: -q */

BEGIN
{
	trace(1);
	trace(-1);
	trace("str");
	trace(0x7fffffffffffffff);
	exit(0);
}
