/* a long double cannot index an associative array */
long double ld;

BEGIN
{
	counts[ld] = 1;
	exit(0);
}
