/*
 * Aggregations chapter: count() of write() calls keyed by execname.
 * The workload makes exactly 4 writes, then pause(), which ends the
 * trace; the table is printed at exit in DTrace's default format.
 */
/* @@opts: -q */
/* @@trigger: workload -n gaggcnt -c 4 write */

BEGIN
{
	printf("tracing\n");
}

syscall::write:entry
/execname == "gaggcnt"/
{
	@counts[execname] = count();
}

syscall::pause:entry
/execname == "gaggcnt"/
{
	exit(0);
}
