/* Every use of an lquantize() aggregation must give the same bounds. */
BEGIN
{
	@a = lquantize(1, 0, 10, 1);
	@a = lquantize(1, 0, 20, 1);
}
