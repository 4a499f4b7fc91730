/*
 * Actions chapter, with the profile provider standing in for the Guide's
 * examples: a profile probe fires on a CPU running the spinning
 * workload; execname names it, and exit() ends the trace at once.
 */
/* @@opts: -q */
/* @@trigger: workload -n gactspin spin */

BEGIN
{
	printf("tracing\n");
}

profile-997
/execname == "gactspin"/
{
	printf("%s was on cpu\n", execname);
	exit(0);
}
