/*
 * clear(@) zeroes the values but keeps the keys (printed with 0); it
 * acts when the consumer reads its record, after BEGIN's other updates.
 * Later updates count from zero: the update is made one tick before
 * the printa() that shows it, so that the snapshots taken every
 * aggrate (shorter than the tick) have surely read it, as a printa()
 * shows the last snapshot, which may predate its own clause's update.
 */
/* @@opts: -q -x aggrate=10ms */

int counted;

BEGIN
{
	@c["a"] = count();
	@c["b"] = count();
	clear(@c);
	@c["b"] = count();
	printa("%s %@d\n", @c);
}

tick-200ms
/counted/
{
	printa("%s %@d\n", @c);
	exit(0);
}

tick-200ms
/!counted/
{
	@c["b"] = count();
	counted = 1;
}
