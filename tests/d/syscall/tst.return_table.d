/*
 * syscall:::return enables every return probe: one program on the
 * sys_exit raw tracepoint finds the probe from the call's number (the
 * saved orig_ax) in a table.  A failed openat returns -ENOENT: arg0 is
 * the return value, errno its negation.
 */
/* @@opts: -q */
/* @@trigger: workload -n bdt-rtab open /nonexistent/bdtrace */

syscall:::return
/execname == "bdt-rtab" && probefunc == "openat"/
{
	printf("%s:%s:%s %d %d\n", probemod, probefunc, probename, arg0,
	    errno);
	exit(0);
}
