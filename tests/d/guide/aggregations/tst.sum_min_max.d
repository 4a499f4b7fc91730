/*
 * Aggregations chapter: sum(), min() and max() side by side, each printed
 * in the default format in the order the aggregations were introduced.
 */
/* @@opts: -q */

BEGIN
{
	@sum["total"] = sum(10);
	@sum["total"] = sum(-3);
	@min["lowest"] = min(10);
	@min["lowest"] = min(-3);
	@max["highest"] = max(10);
	@max["highest"] = max(-3);
	exit(0);
}
