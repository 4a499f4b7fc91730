/*
 * sum, avg, min, max and stddev of the same values, each printed at
 * exit with " %16lld"; sum(0) prints 0; stddev of 1..5 is sqrt(2) -> 1.
 */
/* @@opts: -q */

BEGIN
{
	@sum = sum(1); @sum = sum(2); @sum = sum(3); @sum = sum(4); @sum = sum(5);
	@avg = avg(1); @avg = avg(2); @avg = avg(3); @avg = avg(4); @avg = avg(5);
	@min = min(1); @min = min(-2); @min = min(3);
	@max = max(1); @max = max(-2); @max = max(3);
	@sd = stddev(1); @sd = stddev(2); @sd = stddev(3); @sd = stddev(4);
	@sd = stddev(5);
	@zero = sum(0);
	@big = stddev(-3000000000); @big = stddev(3000000000);
	exit(0);
}
