/*
 * A few system calls of both kinds share one program per kind on the
 * sys_enter and sys_exit raw tracepoints, telling them apart by number.
 * Entry arguments come from the saved user registers (AT_FDCWD, the path
 * pointer), the return value from the tracepoint: the descriptor openat
 * returns is the one close is then given, and close returns 0.
 */
/* @@opts: -q */
/* @@trigger: workload -n bdt-chain open /etc/hostname */

syscall::openat:entry
/execname == "bdt-chain"/
{
	printf("%s:%s %d %s\n", probefunc, probename, (int)arg0,
	    copyinstr(arg1));
}

syscall::openat:return
/execname == "bdt-chain"/
{
	self->fd = arg0;
	printf("%s:%s %d\n", probefunc, probename, arg0 >= 0);
}

syscall::close:entry
/self->fd && arg0 == self->fd/
{
	printf("%s:%s same fd\n", probefunc, probename);
	self->closing = 1;
}

syscall::close:return
/self->closing/
{
	printf("%s:%s %d %d\n", probefunc, probename, arg0, arg1);
	exit(0);
}
