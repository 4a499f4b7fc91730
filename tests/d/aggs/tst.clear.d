/*
 * clear(@) zeroes the values but keeps the keys (printed with 0); it
 * acts when the consumer reads its record, after BEGIN's other updates.
 * Later updates count from zero (read with aggrate shorter than the
 * tick, so the tick's printa() sees a new snapshot).
 */
/* @@opts: -q -x aggrate=10ms */

BEGIN
{
	@c["a"] = count();
	@c["b"] = count();
	clear(@c);
	@c["b"] = count();
	printa("%s %@d\n", @c);
}

tick-200ms
{
	@c["b"] = count();
	printa("%s %@d\n", @c);
	exit(0);
}
