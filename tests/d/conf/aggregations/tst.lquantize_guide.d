/*
 * lquantize(value, lower, upper, step): linear buckets with underflow
 * (< lower) and overflow (>= upper) rows; only the rows around the
 * non-zero buckets are printed.
 */
/* @@opts: -q */

BEGIN
{
	@l = lquantize(25, 0, 100, 10);
	@l = lquantize(27, 0, 100, 10);
	@l = lquantize(41, 0, 100, 10);
	@u = lquantize(-1, 0, 100, 10);
	@o = lquantize(100, 0, 100, 10);
	exit(0);
}
