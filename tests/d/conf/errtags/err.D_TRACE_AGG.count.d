/* trace() of an aggregation: printa() is the way to show one */
BEGIN
{
	@a = count();
	trace(@a);
}
