/*
 * The Guide's aggregating functions on known values, printed at exit
 * one aggregation after another: count, sum, avg (integer quotient),
 * min, max, stddev (integer square root of the variance).
 */
/* @@opts: -q */

BEGIN
{
	@c = count(); @c = count(); @c = count();
	@s = sum(10); @s = sum(-3);
	@a = avg(1); @a = avg(2); @a = avg(4);
	@mn = min(5); @mn = min(-7); @mn = min(3);
	@mx = max(5); @mx = max(-7); @mx = max(3);
	@sd = stddev(2); @sd = stddev(4); @sd = stddev(4); @sd = stddev(4);
	@sd = stddev(5); @sd = stddev(5); @sd = stddev(7); @sd = stddev(9);
	exit(0);
}
