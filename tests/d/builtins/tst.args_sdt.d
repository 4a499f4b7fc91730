/* args[] of a tracepoint: a kernel string (__data_loc) and an integer */
/* @@trigger: workload -n bdt-exec exec /bin/true */
#pragma D option quiet

BEGIN
{
	printf("ready\n");
}

sdt:sched::sched_process_exec
/args[0] == "/bin/true"/
{
	printf("%s %d\n", args[0], args[1] > 0);
	exit(0);
}
