/*
 * Pointers and Arrays, pointer arithmetic: the Guide's own form, tracing
 * the pointers themselves: trace(x), trace(x + 1), trace(x + 2) of a
 * NULL int * print 0, 4 and 8.
 */
/* @@opts: -q */

int *x;

BEGIN
{
	trace(x);
	trace(x + 1);
	trace(x + 2);
	exit(0);
}
