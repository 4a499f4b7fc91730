/*
 * "#pragma D option quiet" is the same as -q: no heading, no record
 * prefix, no "matched" notice on stderr.
 */
#pragma D option quiet

BEGIN
{
	printf("quiet\n");
	exit(0);
}
