/*
 * Options and Tunables: "#pragma D option quiet" in the program has the
 * effect of -q: only explicitly traced data is printed.
 */

#pragma D option quiet

BEGIN
{
	printf("quiet\n");
	exit(0);
}
