/*
 * Aggregations chapter: a printa() format need not use the value; the
 * keys alone print in the aggregation's sorted order (by value), and the
 * value may come before the keys.
 */
/* @@opts: -q */

BEGIN
{
	@calls["read"] = count();
	@calls["write"] = count();
	@calls["write"] = count();
	printa("%s\n", @calls);
	printa("%@d calls of %s\n", @calls);
	exit(0);
}
