/*
 * llquantize(x, factor, low, high, nsteps): log-linear buckets.
 */
/* @@opts: -q */

BEGIN
{
	@ = llquantize(0, 10, 0, 3, 10);
	@ = llquantize(5, 10, 0, 3, 10);
	@ = llquantize(55, 10, 0, 3, 10);
	@ = llquantize(55, 10, 0, 3, 10);
	@ = llquantize(555, 10, 0, 3, 10);
	@ = llquantize(99999, 10, 0, 3, 10);
	exit(0);
}
