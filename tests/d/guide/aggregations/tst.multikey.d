/*
 * Aggregations chapter: an aggregation keyed by execname and probefunc,
 * counting system calls of one program; the keys print as trace() would
 * print them, padded to their columns.
 */
/* @@opts: -q */
/* @@trigger: workload -n gaggmk -c 2 -i 0 open /etc/hostname */

BEGIN
{
	printf("tracing\n");
}

syscall:::entry
/execname == "gaggmk"/
{
	@[execname, probefunc] = count();
}

syscall::pause:entry
/execname == "gaggmk"/
{
	exit(0);
}
