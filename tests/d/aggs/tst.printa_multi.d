/*
 * printa(@a, @b) without a format: one line per key of either, the
 * values side by side, 0 where one aggregation has no entry.
 */
/* @@opts: -q */

BEGIN
{
	@a["x"] = count();
	@a["y"] = count();
	@a["y"] = count();
	@b["y"] = sum(10);
	@b["z"] = sum(5);
	printa(@a, @b);
	exit(0);
}
