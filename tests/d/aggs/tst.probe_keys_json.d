/*
 * Probe-string keys in structured output (-x oformat=json) and folded
 * with another aggregation keyed alike (printa of two).
 */
/* @@opts: -q -x oformat=json */
/* @@trigger: workload -n pkjson -c 2 open /dev/null */

/* the workload starts once every probe is attached */
BEGIN
{
	printf("start\n");
}

syscall::openat:entry, syscall::close:entry
/execname == "pkjson"/
{
	@a[probefunc, probename] = count();
	@b[probefunc, probename] = sum(5);
}

syscall::close:entry
/execname == "pkjson" && ++n == 2/
{
	exit(0);
}

END
{
	printa(@a, @b);
}
