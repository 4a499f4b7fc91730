/*
 * Options and Tunables: "-x quiet" on the command line sets the same
 * option as -q and as the pragma.
 */
/* @@opts: -x quiet */

BEGIN
{
	printf("quiet\n");
	exit(0);
}
