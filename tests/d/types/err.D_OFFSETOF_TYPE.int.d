BEGIN
{
	trace(offsetof(int, x));
}
