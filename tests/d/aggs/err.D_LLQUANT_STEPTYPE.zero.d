/* llquantize(): zero (or negative) steps are not a step count */
BEGIN
{
	@lat = llquantize(timestamp % 100, 10, 1, 3, 0);
}
