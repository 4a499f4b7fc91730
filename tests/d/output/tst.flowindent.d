/*
 * -F: syscall entries and returns print "=> func" and "<= func", one
 * level deeper after each entry; a second clause on the same entry
 * does not indent again and prints "| func:name".  BEGIN's line tells
 * the runner that the probes are attached, so the one open is not missed.
 */
/* @@opts: -F */
/* @@trigger: workload -n flowtest -c 1 open /dev/null */

BEGIN
{
}

syscall::openat:entry
/execname == "flowtest"/
{
	trace(1);
}

syscall::openat:entry
/execname == "flowtest"/
{
	trace(2);
}

syscall::openat:return
/execname == "flowtest"/
{
	trace(3);
}

syscall::close:entry
/execname == "flowtest"/
{
	exit(0);
}
