/*
 * Aggregations chapter: quantize() of write() sizes per program.  Every
 * write is one byte, so the histogram has one full bucket framed by its
 * empty neighbours, in DTrace's layout (key line, header, rows).
 */
/* @@opts: -q */
/* @@trigger: workload -n gaggq -c 3 write */

BEGIN
{
	printf("tracing\n");
}

syscall::write:entry
/execname == "gaggq"/
{
	@[execname] = quantize(arg2);
}

syscall::pause:entry
/execname == "gaggq"/
{
	exit(0);
}
