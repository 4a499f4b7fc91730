/*
 * With -Z a description that matches nothing is accepted and the other
 * clauses run.
 */
/* @@opts: -q -Z */

nosuchprovider:::nosuchprobe
{
	printf("not reached\n");
}

BEGIN
{
	printf("ok\n");
	exit(0);
}
