/*
 * Actions chapter, trace() without -q: each value follows the probe's
 * line, integers right-aligned in their width, strings padded.
 */

BEGIN
{
	trace(123);
	trace("abc");
	exit(0);
}
