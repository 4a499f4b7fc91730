/* a long double cannot be aggregated */
long double ld;

BEGIN
{
	@total = sum(ld);
	exit(0);
}
