/*
 * A speculation across probes: opened at a system call's entry,
 * extended at its return, committed in another clause.
 */
/* @@opts: -q */
/* @@trigger: workload -n w2spec calls */

BEGIN
{
	done = 0;
	spec = 0;
}

syscall::getppid:entry
/execname == "w2spec" && !done/
{
	spec = speculation();
	speculate(spec);
	printf("entry %s\n", probefunc);
}

syscall::getppid:return
/execname == "w2spec" && spec && !done/
{
	speculate(spec);
	printf("return %s\n", probefunc);
}

syscall::getppid:return
/execname == "w2spec" && spec && !done/
{
	commit(spec);
	done = 1;
}

syscall::getppid:return
/done == 1/
{
	done = 2;
	exit(0);
}
