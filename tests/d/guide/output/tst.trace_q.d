/*
 * Output Formatting chapter, trace() with -q: values only, one after the
 * other, with no header line or padding.
 */
/* @@opts: -q */

BEGIN
{
	trace("a");
	trace(1);
	trace("b");
	trace(-1);
	trace("\n");
	exit(0);
}
