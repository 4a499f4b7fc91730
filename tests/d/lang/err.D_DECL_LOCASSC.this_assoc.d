/* associative arrays may not be declared as clause-local variables */
this int a[int];

BEGIN
{
	exit(0);
}
