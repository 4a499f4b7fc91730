/* a long double does not convert to an integer, even by a cast */
long double ld;

BEGIN
{
	trace((long)ld);
	exit(0);
}
