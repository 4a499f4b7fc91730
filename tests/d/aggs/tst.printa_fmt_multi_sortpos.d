/*
 * printa() of several aggregations with a format, sorted by the value
 * of the aggregation aggsortpos names; integer keys and a histogram.
 */
/* @@opts: -q -x aggsortpos=1 */

BEGIN
{
	@n[1, "a"] = count();
	@n[2, "b"] = count();
	@n[2, "b"] = count();
	@n[3, "c"] = count();
	@s[1, "a"] = sum(300);
	@s[2, "b"] = sum(100);
	@s[3, "c"] = sum(200);
	@q[2, "b"] = quantize(4);
	printa("%d %s: n=%@u s=%@d\n", @n, @s);
	printa("%d %s %@d %@d%@d\n", @n, @s, @q);
	exit(0);
}
