/*
 * Under aggrate, the consumer snapshots every aggregation at the start
 * of a period, as DTrace does when it wakes: @b, first updated after the
 * period began, is still empty in it, so its printa() shows nothing,
 * while @a shows the count it had then.
 */
/* @@opts: -q -x aggrate=1h */

tick-100ms
/++n == 1/
{
	@a = count();
	printa("a %@d\n", @a);
}

tick-100ms
/n == 2/
{
	@a = count();
	@b = count();
	printa("a %@d\n", @a);
	printa("b %@d\n", @b);
}

tick-100ms
/n == 3/
{
	exit(0);
}
