/*
 * Aggregations chapter: avg() of mixed-sign values is the integer
 * quotient of sum and count, truncated toward zero.
 */
/* @@opts: -q */

BEGIN
{
	@a["mixed"] = avg(-7);
	@a["mixed"] = avg(2);
	@a["pos"] = avg(7);
	@a["pos"] = avg(8);
	exit(0);
}
