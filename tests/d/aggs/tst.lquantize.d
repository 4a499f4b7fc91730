/*
 * lquantize(x, base, limit, step): below base, steps, at or above limit;
 * a negative base folded from -10; the default step of 1.
 */
/* @@opts: -q */

BEGIN
{
	@a = lquantize(-20, -10, 10, 5);
	@a = lquantize(-3, -10, 10, 5);
	@a = lquantize(0, -10, 10, 5);
	@a = lquantize(4, -10, 10, 5);
	@a = lquantize(9, -10, 10, 5);
	@a = lquantize(10, -10, 10, 5);
	@a = lquantize(1000, -10, 10, 5, 2);
	@b = lquantize(3, 0, 5);
	exit(0);
}
