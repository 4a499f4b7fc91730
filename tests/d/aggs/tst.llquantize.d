/*
 * llquantize(x, factor, low, high, nsteps): log-linear buckets, in
 * Oracle's DTrace layout: negative values in buckets of their own below
 * the middle one (|x| < factor^low, labelled 0 when low is 0), steps
 * narrower than 1 left out, and entries sorted by their weighted sum.
 */
/* @@opts: -q */

BEGIN
{
	@a = llquantize(0, 10, 0, 3, 10);
	@a = llquantize(5, 10, 0, 3, 10);
	@a = llquantize(55, 10, 0, 3, 10);
	@a = llquantize(55, 10, 0, 3, 10);
	@a = llquantize(555, 10, 0, 3, 10);
	@a = llquantize(99999, 10, 0, 3, 10);
	@a = llquantize(-7, 10, 0, 3, 10);
	@b = llquantize(-3, 10, 0, 1, 20);
	@b = llquantize(4, 10, 0, 1, 20);
	@b = llquantize(15, 10, 0, 1, 20);
	@c["first"] = llquantize(500, 10, 1, 2, 10);
	@c["second"] = llquantize(5, 10, 1, 2, 10);
	@c["third"] = llquantize(-50, 10, 1, 2, 10);
	exit(0);
}
