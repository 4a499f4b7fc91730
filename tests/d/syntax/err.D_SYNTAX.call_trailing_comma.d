BEGIN
{
	x = f(1,);
}
