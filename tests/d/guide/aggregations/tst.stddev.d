/*
 * Aggregations chapter: stddev() is the population standard deviation,
 * truncated to an integer: values 2, 4, 4, 4, 5, 5, 7, 9 give 2.
 */
/* @@opts: -q */

BEGIN
{
	@sd = stddev(2); @sd = stddev(4); @sd = stddev(4); @sd = stddev(4);
	@sd = stddev(5); @sd = stddev(5); @sd = stddev(7); @sd = stddev(9);
	exit(0);
}
