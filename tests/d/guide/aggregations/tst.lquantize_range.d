/*
 * Aggregations chapter: lquantize() with values on both sides of the
 * range: the "<" and ">=" rows collect them.
 */
/* @@opts: -q */

BEGIN
{
	@ = lquantize(-3, 0, 10, 2);
	@ = lquantize(0, 0, 10, 2);
	@ = lquantize(3, 0, 10, 2);
	@ = lquantize(9, 0, 10, 2);
	@ = lquantize(10, 0, 10, 2);
	@ = lquantize(200, 0, 10, 2);
	exit(0);
}
