/*
 * dtrace(1M) chapter: "#pragma D option quiet" in a script is -q: no
 * CPU/ID/FUNCTION:NAME prefixes, only what the actions print.
 */
#pragma D option quiet

BEGIN
{
	trace("quiet");
	printf(" output\n");
	exit(0);
}
