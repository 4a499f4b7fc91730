/*
 * Under aggrate, the first period starts at the first printa() read,
 * not at a wake of the consumer before any record came: here the
 * consumer wakes every 10ms for 300ms before the first tick, and the
 * first printa() still shows the count its clause made.  Later ones,
 * in the same (hour-long) period, show that snapshot again.
 */
/* @@opts: -q -x aggrate=1h -x switchrate=10ms */

tick-300ms
{
	@ = count();
	printa("%@d\n", @);
}

tick-300ms
/++n == 3/
{
	exit(0);
}
