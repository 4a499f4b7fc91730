/* errno on a syscall return probe: the error of a failed call */
/* @@trigger: workload -n bdt-errno open /nonexistent/bdtrace */
#pragma D option quiet

BEGIN
{
	printf("entry errno %d\n", errno);
}

syscall::openat:return
/execname == "bdt-errno"/
{
	printf("%d %d %d %s\n", arg0, errno, errno == ENOENT,
	    errno == ENOENT ? "ENOENT" : "other");
	exit(0);
}
