/*
 * copyinstr()'s maximum length is a size_t: -1 (from a constant or a
 * variable) is huge and leaves strsize the limit, 0 gives "", and a
 * length below strsize gives that many bytes with the NUL, as Oracle's
 * DTrace does (copyinstr(a, 4) is 3 characters).
 */
/* @@trigger: workload -n wl_cpstr open /tmp/bdtrace-subr-copyinstr-maxlen */
#pragma D option quiet

syscall::openat:entry
/execname == "wl_cpstr"/
{
	n = -1;
	printf("[%s]\n", copyinstr(arg1, -1));
	printf("[%s]\n", copyinstr(arg1, n));
	printf("[%s]\n", copyinstr(arg1, 0));
	printf("[%s]\n", copyinstr(arg1, 4));
	printf("[%s]\n", copyinstr(arg1, 100000));
	exit(0);
}
