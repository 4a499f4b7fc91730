/*
 * exit() in END is allowed and does not fire END again; the exit
 * status is the last one given.
 */
/* @@opts: -q */
/* @@exit: 4 */

BEGIN
{
	exit(3);
}

END
{
	printf("end\n");
	exit(4);
}
