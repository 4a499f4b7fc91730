/*
 * bcopy() of a copyin()'d buffer with a size known only at run time.
 */
/* @@trigger: workload -n wl_memcp open /tmp/bdtrace-mem-bcopy-test */
#pragma D option quiet

syscall::openat:entry
/execname == "wl_memcp"/
{
	n = 10;
	b = (char *)alloca(16);
	bcopy(copyin(arg1, n), b, n);
	b[n] = 0;
	printf("%s\n", stringof(b));
	exit(0);
}
