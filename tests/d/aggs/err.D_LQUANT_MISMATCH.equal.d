/* lquantize()'s limit must be above its base: equal is a mismatch too */
BEGIN
{
	@ = lquantize(1, 1100, 1100, 100);
}
