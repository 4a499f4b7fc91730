/*
 * execname as a key, alone and with a probe-string key: kept in its 16
 * bytes in the kernel, printed in a strsize-wide key as before.
 */
/* @@opts: -q */
/* @@trigger: workload -n pkex -c 2 open /dev/null */

/* the workload starts once every probe is attached */
BEGIN
{
	printf("start\n");
}

syscall::openat:entry, syscall::close:entry
/execname == "pkex"/
{
	@[execname, probefunc] = count();
	@e[execname] = count();
}

syscall::close:entry
/execname == "pkex" && ++n == 2/
{
	exit(0);
}
