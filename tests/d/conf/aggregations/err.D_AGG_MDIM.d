/* Aggregations are indexed with [a, b], not [a][b]. */
BEGIN
{
	@a[1][2] = count();
}
