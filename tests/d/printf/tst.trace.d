/*
 * trace() of an integer and of a string with -q: the bare value, no
 * padding.
 */
/* @@opts: -q */

BEGIN
{
	trace(42);
	trace(" ");
	trace("str");
	trace("\n");
	exit(0);
}
