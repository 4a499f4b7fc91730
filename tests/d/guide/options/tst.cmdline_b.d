/*
 * Options and Tunables: -b sets bufsize, like -x bufsize=; both on the
 * command line with the Guide's size suffixes.
 */
/* @@opts: -q -b 4m -x aggrate=1hz */

BEGIN
{
	printf("ok\n");
	exit(0);
}
