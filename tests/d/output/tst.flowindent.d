/*
 * -F: syscall entries and returns print "=> func" and "<= func", one
 * level deeper after each entry; a second clause on the same entry
 * does not indent again and prints "| func:name".
 */
/* @@opts: -F */
/* @@trigger: workload -n flowtest -c 1 open /dev/null */

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
