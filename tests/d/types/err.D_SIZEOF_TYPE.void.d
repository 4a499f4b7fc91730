BEGIN
{
	trace(sizeof (void));
}
