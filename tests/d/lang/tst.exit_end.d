/*
 * END runs after exit() has ended tracing, and an exit() there sets the
 * status dtrace returns.
 */
/* @@opts: -q */
/* @@exit: 5 */

BEGIN
{
	exit(0);
}

END
{
	printf("END\n");
	exit(5);
}
