/*
 * quantize(): power-of-two buckets, negative values to the left of 0,
 * an increment as second argument, one empty bucket shown either side.
 */
/* @@opts: -q */

BEGIN
{
	@ = quantize(0);
	@ = quantize(1);
	@ = quantize(2);
	@ = quantize(3);
	@ = quantize(100);
	@ = quantize(-5);
	@ = quantize(1000, 3);
	exit(0);
}
