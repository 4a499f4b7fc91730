/*
 * p->m of a NULL p faults at address 0, the pointer tested before the
 * member's offset is added (as DTrace for Linux does); a bad non-NULL
 * pointer faults at the member's address.
 */
#pragma D option quiet

BEGIN
{
	trace(((struct task_struct *)NULL)->pid);
}

BEGIN
{
	trace(((struct task_struct *)0x1000)->pid ==
	    ((struct task_struct *)0x1000)->pid);
}

BEGIN
{
	exit(0);
}

ERROR
{
	printf("fault %d at %s\n", arg4, arg5 == 0 ? "0" :
	    arg5 > 0x1000 ? "the member" : "?");
}
