/*
 * raise() is an action that records, as DTrace's destructive actions
 * do: without -q, a clause holding only raise() prints its probe line.
 */
/* @@opts: -w */
/* @@trigger: workload -n w2raiserec sleep */

syscall::clock_nanosleep:entry
/execname == "w2raiserec" && !done/
{
	raise(9);
	done = 1;
}

sdt:sched::sched_process_exit
/execname == "w2raiserec"/
{
	exit(0);
}
