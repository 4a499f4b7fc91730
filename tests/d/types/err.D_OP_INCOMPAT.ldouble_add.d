/* no arithmetic on floating-point values, long double included */
long double a, b;

BEGIN
{
	trace(a + b);
	exit(0);
}
