/*
 * dtrace:::ERROR fires in the faulting firing itself, before that
 * firing's later clauses: on a system call probe, ERROR's exit() wins
 * over the exit() of the clause after the faulting one, whose output is
 * dropped; ERROR sees its own probe names and arguments.
 */
/* @@opts: -q */
/* @@exit: 4 */
/* @@trigger: workload -n errfire -c 1 write */

syscall::write:entry
/execname == "errfire"/
{
	printf("%d\n", *(int *)(arg0 - arg0 + 0x40));
}

ERROR
{
	printf("%s:%s:%s:%s fault %d at 0x%x in clause %d\n",
	    probeprov, probemod, probefunc, probename, arg4, arg5, arg2);
	exit(4);
}

syscall::write:entry
/execname == "errfire"/
{
	printf("not printed: %s %d\n", probefunc, arg0);
	exit(0);
}
