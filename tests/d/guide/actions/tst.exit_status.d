/*
 * Actions chapter, exit(): stops tracing; the argument is dtrace's exit
 * status, and nothing recorded after exit() in the clause's CPU is lost
 * before it (the END clause still runs).
 */
/* @@opts: -q */
/* @@exit: 3 */

BEGIN
{
	printf("begin\n");
	exit(3);
}

END
{
	printf("end\n");
}
