/*
 * Aggregations chapter: printa() with %@d on an lquantize() aggregation
 * prints the linear histogram in place of the conversion, one per key.
 */
/* @@opts: -q */

BEGIN
{
	@l["small"] = lquantize(3, 0, 10, 5);
	@l["large"] = lquantize(8, 0, 10, 5);
	@l["large"] = lquantize(8, 0, 10, 5);
	printa("%s:%@d\n", @l);
	exit(0);
}
