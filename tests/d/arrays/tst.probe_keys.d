/*
 * Associative arrays and thread-local arrays keyed by probe description
 * strings in every use (kept in the kernel as the strings' places in
 * the string table): one element for equal strings whichever probe made
 * them (entry and return share a function, close and openat a name),
 * tuples of them and with integers, elements deleted by storing 0; and
 * an array also indexed by a string that is not a probe's, which keeps
 * its keys as strings, finds the same elements.
 */
/* @@opts: -q */
/* @@trigger: workload -n pkeys -c 3 open /dev/null */

BEGIN
{
	printf("start\n");
}

syscall::openat:entry, syscall::openat:return,
syscall::close:entry, syscall::close:return
/execname == "pkeys"/
{
	byfunc[probefunc]++;
	byname[probename]++;
	all[probeprov, probemod, probefunc, probename]++;
	self->t[probefunc, 3, probename]++;
	mixed[probefunc]++;
}

syscall::close:return
/execname == "pkeys" && ++n == 3/
{
	printf("%s %d, %s %d; %s %d\n", probefunc, byfunc[probefunc],
	    probename, byname[probename], probename,
	    all[probeprov, probemod, probefunc, probename]);
	printf("self %d; mixed %d %d %d\n", self->t[probefunc, 3, probename],
	    mixed[probefunc], mixed["openat"], mixed["read"]);
	byfunc[probefunc] = 0;
	printf("deleted %d, kept %d\n", byfunc[probefunc], byname[probename]);
	exit(0);
}

syscall::openat:entry
/execname == "pkeys" && byname[probename] == 3/
{
	printf("%s: %s %d, %s %d\n", probefunc, probefunc, byfunc[probefunc],
	    probename, byname[probename]);
}
