/*
 * Probes whose arguments no clause reads go on raw tracepoints (their
 * detaching waits for no RCU grace period), several sharing one program
 * where the kernel gives raw tracepoint links cookies: each firing is
 * still told its own probe.
 */
/* @@trigger: workload -n bdt-rawshared exec /bin/true */
#pragma D option quiet

/* the workload's own children: other programs run true too */
inline int ours = execname == "true" &&
    stringof(curthread->real_parent->comm) == "bdt-rawshared";

sdt:sched::sched_process_e*
/ours && !seen[probename]/
{
	seen[probename] = 1;
	printf("%s %s\n", probemod, probename);
}

sdt:sched::sched_process_exit
/ours/
{
	exit(0);
}
