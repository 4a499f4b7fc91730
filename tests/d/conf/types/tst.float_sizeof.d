/*
 * Types chapter: D has the floating-point types, but values of them
 * can only be traced; sizeof works on the type names.
 */
/* @@opts: -q */

BEGIN
{
	printf("%d %d\n", sizeof (float), sizeof (double));
	exit(0);
}
