/*
 * Output Formatting chapter, trace() without -q: each value in its
 * column after the probe's CPU, ID and FUNCTION:NAME; printf() output
 * follows the same prefix.
 */

BEGIN
{
	printf("value %d", 42);
	exit(0);
}
