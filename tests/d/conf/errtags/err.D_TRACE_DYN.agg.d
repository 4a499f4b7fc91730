/* trace() of an aggregation, whose type is dynamic: printa() shows one */
BEGIN
{
	@a = count();
	trace(@a);
}
