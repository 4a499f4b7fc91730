/*
 * trace() output without -q: each datum in a column after the probe,
 * an integer right-aligned to the width of its type (" %19lld" or
 * " %20llu", " %10d", " %5d", " %3d"), a string left-aligned after two
 * spaces.
 */

BEGIN
{
	trace(1);
	trace((long)-2);
	trace("str");
	trace((short)3);
	trace((char)4);
	exit(0);
}
