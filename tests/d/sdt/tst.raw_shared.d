/*
 * Probes whose arguments no clause reads go on raw tracepoints (their
 * detaching waits for no RCU grace period), several sharing one program
 * where the kernel gives raw tracepoint links cookies: each firing is
 * still told its own probe.
 */
/* @@trigger: workload exec /bin/true */
#pragma D option quiet

sdt:sched::sched_process_e*
/execname == "true" && !seen[probename]/
{
	seen[probename] = 1;
	printf("%s %s\n", probemod, probename);
}

sdt:sched::sched_process_exit
/execname == "true"/
{
	exit(0);
}
