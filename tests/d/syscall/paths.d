/*
 * Run by tst.paths_agree.sh on each syscall attachment: what a firing
 * shows (arguments, probefunc, the return value, errno, a thread-local
 * variable carried from entry to return) must not depend on it.
 */
#pragma D option quiet

syscall::openat:entry
/execname == "bdt-paths"/
{
	self->path = copyinstr(arg1);
	printf("%s:%s:%s %d %s %x\n", probemod, probefunc, probename,
	    (int)arg0, self->path, arg2);
}

syscall::openat:return
/self->path != NULL/
{
	printf("%s:%s %s %d %d %d\n", probefunc, probename, self->path,
	    arg0, arg1, errno);
	self->path = 0;
	exit(0);
}
