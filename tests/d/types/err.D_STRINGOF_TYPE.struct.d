BEGIN
{
	trace(stringof(*curthread));
}
