/* args[] of a tracepoint: a char[16] field is a string */
/* @@trigger: workload -n bdt-comm sleep */
#pragma D option quiet

BEGIN
{
	printf("ready\n");
}

sdt:sched::sched_switch
/args[0] == "bdt-comm"/
{
	printf("%s\n", args[0]);
	exit(0);
}
