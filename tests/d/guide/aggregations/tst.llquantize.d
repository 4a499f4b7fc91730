/*
 * Aggregations chapter: llquantize(value, 10, 0, 6, 20), the
 * log-linear histogram: 20 steps per power of ten from 1 to 10^6.
 */
/* @@opts: -q */

BEGIN
{
	@ = llquantize(0, 10, 0, 6, 20);
	@ = llquantize(7, 10, 0, 6, 20);
	@ = llquantize(55, 10, 0, 6, 20);
	@ = llquantize(5000, 10, 0, 6, 20);
	@ = llquantize(5000, 10, 0, 6, 20);
	@ = llquantize(2000000, 10, 0, 6, 20);
	exit(0);
}
