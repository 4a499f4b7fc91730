/* normalize() takes an aggregation, not an aggregating function */
BEGIN
{
	@total = sum(10);
	normalize(sum(10), 2);
}
