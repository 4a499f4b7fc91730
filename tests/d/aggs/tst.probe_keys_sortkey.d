/*
 * Probe-string keys sort as the strings do (aggsortkey, aggsortrev,
 * with an integer key after them), and an aggregation keyed by
 * probefunc in one clause and by execname in another keeps strings.
 */
/* @@opts: -q -x aggsortkey -x aggsortrev */
/* @@trigger: workload -n pksort -c 2 open /dev/null */

/* the workload starts once every probe is attached */
BEGIN
{
	printf("start\n");
}

syscall::openat:entry, syscall::openat:return,
syscall::close:entry, syscall::close:return
/execname == "pksort"/
{
	@s[probename, probefunc, 1] = count();
	@m[probefunc] = count();
}

syscall::close:return
/execname == "pksort"/
{
	@m[execname] = count();
}

syscall::close:return
/execname == "pksort" && ++n == 2/
{
	exit(0);
}
