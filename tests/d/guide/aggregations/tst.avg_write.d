/*
 * Aggregations chapter: the average write() size per program with avg();
 * the workload writes one byte at a time, so the average is 1.
 */
/* @@opts: -q */
/* @@trigger: workload -n gaggavg -c 3 write */

BEGIN
{
	printf("tracing\n");
}

syscall::write:entry
/execname == "gaggavg"/
{
	@avg[execname] = avg(arg2);
}

syscall::pause:entry
/execname == "gaggavg"/
{
	exit(0);
}
