/* args[] of a syscall probe take the tracepoint's C types */
/* @@trigger: workload -n bdt-args open /etc/hostname */
#pragma D option quiet

BEGIN
{
	printf("ready\n");
}

syscall::openat:entry
/execname == "bdt-args"/
{
	/* dfd is an int: AT_FDCWD, negative; flags O_RDONLY */
	printf("%d %d %d %s\n", args[0], args[0] < 0, args[2],
	    copyinstr(arg1));
	exit(0);
}
