/* An aggregation must be assigned an aggregating function. */
BEGIN
{
	@a = trace(0);
}
