/*
 * A user stack as an aggregation key: the frames print as the key (a
 * newline, then one frame a line), and the value follows on its own
 * line.  The workload makes exactly three calls, so the count is 3.
 */
/* @@opts: -q */
/* @@trigger: workload -n bdt-ustagg -c 3 calls */

BEGIN
{
	printf("tracing\n");
}

syscall::getppid:entry
/execname == "bdt-ustagg"/
{
	@[ustack(2)] = count();
	@n[execname, ustack(1)] = count();
	n++;
}

syscall::getppid:entry
/n == 3/
{
	exit(0);
}
