/* lquantize() step must fit 16 bits. */
BEGIN
{
	@a = lquantize(1, 0, 1000000, 70000);
}
