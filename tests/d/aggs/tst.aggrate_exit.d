/*
 * However slow aggrate is, trunc() and clear() make the next printa()
 * read the aggregation again, and the listing at exit shows the final
 * values.
 */
/* @@opts: -q -x aggrate=1h */

BEGIN
{
	@a = count();
	@b = sum(5);
	printa("a %@d\n", @a);
}

tick-50ms
/++n < 3/
{
	@a = count();
	@b = sum(5);
	printa("a %@d\n", @a);
}

tick-50ms
/n == 3/
{
	trunc(@a);
	@a = count();
	printa("a %@d\n", @a);
	exit(0);
}
