/* print() of an aggregation: printa() prints aggregations. */

BEGIN
{
	@a = count();
	print(@a);
}
