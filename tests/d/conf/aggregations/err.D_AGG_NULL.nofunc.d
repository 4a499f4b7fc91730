/* An aggregation named alone is a statement with no effect. */
BEGIN
{
	@a = count();
	@a;
}
