/*
 * syscall:::entry matches every system call; @[probefunc] = count()
 * counts them per name, printed sorted by value then key at exit.  The
 * workload makes exactly 3 openat and 3 close calls, then one pause, so
 * the counts are exact (BEGIN's line tells the runner that tracing is on
 * before the workload starts).
 */
/* @@opts: -q */
/* @@trigger: workload -n bdt-sys -c 3 -i 0 open /etc/hostname */

BEGIN
{
	printf("tracing\n");
}

syscall:::entry
/execname == "bdt-sys"/
{
	@[probefunc] = count();
}

tick-1s
{
	exit(0);
}
