/*
 * An integer argument for %s does not match the conversion's prototype.
 */

BEGIN
{
	printf("%s\n", 42);
	exit(0);
}
