/* An aggregation as a key: DTrace's words for a dynamic expression */
BEGIN
{
	@a = count();
	@[@a] = count();
}
