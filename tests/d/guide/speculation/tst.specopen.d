/*
 * Speculative Tracing chapter, the specopen.d idea: trace each open(2)
 * speculatively and commit the trace only if the call fails.  The
 * workload opens a path that does not exist, so every speculation is
 * committed; the first committed trace ends the run (exit() records
 * data, so it may not follow commit() in its clause).
 */
/* @@opts: -q */
/* @@trigger: workload -n gspecop open /nonexistent/guide */

BEGIN
{
	printf("tracing\n");
}

syscall::openat:entry
/execname == "gspecop"/
{
	self->spec = speculation();
	speculate(self->spec);
	printf("%s: open %s\n", execname, copyinstr(arg1));
}

syscall::openat:return
/self->spec && errno != 0/
{
	speculate(self->spec);
	printf("failed with errno %d\n", errno);
}

syscall::openat:return
/self->spec && errno != 0/
{
	commit(self->spec);
	self->spec = 0;
	done = 1;
}

syscall::openat:return
/done/
{
	exit(0);
}

syscall::openat:return
/self->spec/
{
	discard(self->spec);
	self->spec = 0;
}
