/*
 * quantize() puts each value in its power-of-two bucket, negative
 * values in negative buckets; the increment argument adds weight.
 */
/* @@opts: -q */

BEGIN
{
	@q = quantize(0);
	@q = quantize(1);
	@q = quantize(2);
	@q = quantize(3);
	@q = quantize(1000, 4);
	@q = quantize(-5);
	exit(0);
}
