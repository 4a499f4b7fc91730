/* an aggregation has no address */
BEGIN
{
	@c = count();
	trace(&@c);
}
