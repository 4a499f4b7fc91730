/*
 * agghist prints a count() or sum() aggregation as one histogram: a
 * row per entry, its keys packed (strings in 16 columns) under a "key"
 * header, its bar the entry's share of the aggregation's total.  A sum
 * with negative entries gets bars both ways from a centre line; the
 * other aggregating functions print as usual, and an empty aggregation
 * prints nothing.
 */
/* @@opts: -q -x agghist */

BEGIN
{
	@calls["read"] = count();
	@calls["write"] = count();
	@calls["write"] = count();
	@calls["write"] = count();
	@calls["openat"] = count();
	@bytes[1, 2] = sum(30);
	@bytes[3, 4] = sum(-10);
	@total = sum(7);
	@avg["x"] = avg(5);
	@none[1] = count();
	trunc(@none);
	printa(@calls);
	printa(@bytes);
	printa(@none);
	exit(0);
}
