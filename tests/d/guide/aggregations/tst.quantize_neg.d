/*
 * Aggregations chapter: quantize() puts negative values in the mirrored
 * power-of-two buckets; the rows run from one bucket below the smallest
 * used one to one above the largest.
 */
/* @@opts: -q */

BEGIN
{
	@["x"] = quantize(-100);
	@["x"] = quantize(-1);
	@["x"] = quantize(0);
	@["x"] = quantize(5);
	exit(0);
}
