/* lquantize() limit must not be below the lower bound. */
BEGIN
{
	@a = lquantize(1, 10, 5, 1);
}
