/* reading a long double value is not supported yet */
long double ld;

BEGIN
{
	trace(ld);
}
