/*
 * Aggregations keyed by probe description strings (kept in the kernel as
 * the strings' places in the string table, printed as the strings):
 * alone, in tuples with each other and with integers, over probes that
 * share a function or a name (one entry each for equal strings), sorted
 * by value and truncated.
 */
/* @@opts: -q */
/* @@trigger: workload -n pkeys -c 3 open /dev/null */

/* the workload starts once every probe is attached */
BEGIN
{
	printf("start\n");
}

syscall::openat:entry, syscall::openat:return,
syscall::close:entry, syscall::close:return
/execname == "pkeys"/
{
	@c[probefunc] = count();
	@n[probename] = count();
	@t[probeprov, probefunc, probename] = count();
	@i[probefunc, 7, probename] = count();
	@v[probename, probefunc] = sum((probefunc == "close" ? 1 : 2) *
				       (probename == "entry" ? 1 : 10));
}

syscall::close:return
/execname == "pkeys" && ++n == 3/
{
	exit(0);
}

END
{
	printa(@c);
	printa(@n);
	printa("%s:%s:%s %@d\n", @t);
	printa(@i);
	printa(@v);
	trunc(@v, 2);
	printa(@v);
}
