/*
 * Program Structure chapter: with -Z, descriptions matching no probe
 * are allowed.
 */
/* @@opts: -q -Z */

nosuchprovider:::nosuchprobe
{
	printf("never\n");
}

BEGIN
{
	printf("ok\n");
	exit(0);
}
