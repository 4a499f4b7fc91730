/*
 * More arguments than conversions is an error.
 */

BEGIN
{
	printf("%d\n", 1, 2);
	exit(0);
}
