/*
 * sdt:sched::sched_process_exec fires in the new image: execname is
 * already the executed file's name.
 */
/* @@opts: -q */
/* @@trigger: workload -n bdt-exec exec /bin/true */

sdt:sched::sched_process_exec
/execname == "true"/
{
	printf("%s:%s:%s:%s %s\n", probeprov, probemod, probefunc, probename,
	    execname);
	exit(0);
}
