/*
 * Aggregations chapter: printa() with %@d of avg() and stddev() prints
 * the computed value, not the sum or count stored for it.
 */
/* @@opts: -q */

BEGIN
{
	@a["x"] = avg(10);
	@a["x"] = avg(20);
	@s["x"] = stddev(10);
	@s["x"] = stddev(20);
	printa("avg %s = %@d\n", @a);
	printa("stddev %s = %@d\n", @s);
	exit(0);
}
