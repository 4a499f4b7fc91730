/*
 * A thread-local array filled at a system call's entry and read back at
 * its return, by the same thread.
 */
/* @@trigger: workload -n arrdvar write */
#pragma D option quiet

self long a[3];

syscall::write:entry
/execname == "arrdvar"/
{
	self->a[0] = arg2;
	self->a[2] = 42;
}

syscall::write:return
/self->a[0] == 1/
{
	printf("%d %d %d\n", self->a[0], self->a[1], self->a[2]);
	exit(0);
}
