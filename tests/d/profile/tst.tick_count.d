/*
 * tick-10ms fires; globals keep their value across firings; clauses of
 * one probe run in program order; after exit() no further tick clause
 * runs, so END sees exactly 100.
 */
/* @@opts: -q */

BEGIN
{
	n = 0;
}

tick-10ms
{
	n = n + 1;
}

tick-10ms
/n == 100/
{
	exit(0);
}

END
{
	printf("%d\n", n);
}
