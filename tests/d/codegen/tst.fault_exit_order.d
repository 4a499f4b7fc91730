/*
 * ERROR fires at the fault, before the later clauses of the faulting
 * firing: its exit() ends tracing with its status, and a later clause's
 * exit() and output of that firing are dropped.
 */
/* @@opts: -q */
/* @@exit: 3 */

BEGIN
{
	p = 16;
	printf("before the fault\n");
	printf("%d\n", *(int *)p);
}

BEGIN
{
	printf("after the fault: not printed\n");
	exit(0);
}

ERROR
{
	printf("ERROR: fault %d at 0x%x\n", arg4, arg5);
	exit(3);
}

END
{
	printf("END\n");
}
