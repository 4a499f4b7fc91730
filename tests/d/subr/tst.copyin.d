/*
 * copyin, copyinstr (with and without a maximum length), copyinto and
 * bcopy into alloca'd memory, read back with inet_ntoa.
 */
/* @@trigger: workload -n wl_copyin open /tmp/bdtrace-subr-copyin-test */
#pragma D option quiet

syscall::openat:entry
/execname == "wl_copyin"/
{
	printf("[%s] [%s] [%s]\n", copyinstr(arg1), copyinstr(arg1, 4),
	    basename(copyinstr(arg1)));
	printf("%s\n", inet_ntoa(copyin(arg1 + 1, 4)));
	p = alloca(4);
	copyinto(arg1 + 5, 4, p);
	printf("%s\n", inet_ntoa(p));
	q = alloca(8);
	bcopy(p, q, 4);
	printf("%s\n", inet_ntoa(q));
	exit(0);
}
