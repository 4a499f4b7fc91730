/* %d wants an integer, not a long double */
long double ld;

BEGIN
{
	printf("%d\n", ld);
	exit(0);
}
