/*
 * A string argument for %d does not match the conversion's prototype.
 */

BEGIN
{
	printf("%d\n", "str");
	exit(0);
}
