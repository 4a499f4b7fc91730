/* raise(): the signal goes to the process that fired the probe. */
/* @@opts: -w -q */
/* @@trigger: workload -n w2raise sleep */

syscall::clock_nanosleep:entry
/execname == "w2raise"/
{
	raise(9);
}

sdt:sched::sched_process_exit
/execname == "w2raise"/
{
	printf("killed\n");
	exit(0);
}
