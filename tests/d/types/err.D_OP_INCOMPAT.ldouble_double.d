/* D converts between no floating types: a double is not a long double */
long double ld;
double d;

BEGIN
{
	ld = d;
	exit(0);
}
