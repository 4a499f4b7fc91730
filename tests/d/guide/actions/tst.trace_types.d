/*
 * Actions chapter, trace(): traces the result of an expression; with -q
 * each value is printed as DTrace formats it: integers in decimal,
 * strings as they are, with no separator.
 */
/* @@opts: -q */

BEGIN
{
	trace(1);
	trace("\n");
	trace(-42);
	trace("\n");
	trace("hello, world");
	trace("\n");
	trace(0xffffffffULL);
	trace("\n");
	exit(0);
}
