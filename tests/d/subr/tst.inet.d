/*
 * inet_ntoa, inet_ntoa6 and inet_ntop on addresses copied in from the
 * workload's write(2) buffer: DTrace's "::" choice (single zero groups
 * too), IPv4-mapped and -compatible forms, lower-case hex.
 */
/* @@trigger: workload -n wl_inet writehex 20010db8000000000000000000000001000000000000000000000000000000000000000000000000000000000000000100000000000000000000ffffc0a801020000000000000000000000000a000001fe8000000000000002144ffffe0b76c80001000000000002000000000000000300010000000200030004000500060007 */
#pragma D option quiet

syscall::write:entry
/execname == "wl_inet"/
{
	printf("%s\n", inet_ntop(10, copyin(arg1, 16)));
	printf("%s\n", inet_ntop(10, copyin(arg1 + 16, 16)));
	printf("%s\n", inet_ntop(10, copyin(arg1 + 32, 16)));
	printf("%s %s\n", inet_ntop(10, copyin(arg1 + 48, 16)),
	    inet_ntoa6(copyin(arg1 + 48, 16)));
}

syscall::write:entry
/execname == "wl_inet"/
{
	printf("%s %s\n", inet_ntop(10, copyin(arg1 + 64, 16)),
	    inet_ntoa6(copyin(arg1 + 64, 16)));
	printf("%s\n", inet_ntop(10, copyin(arg1 + 80, 16)));
	printf("%s\n", inet_ntop(10, copyin(arg1 + 96, 16)));
	printf("%s\n", inet_ntop(10, copyin(arg1 + 112, 16)));
}

syscall::write:entry
/execname == "wl_inet"/
{
	printf("%s %s %s\n", inet_ntop(2, copyin(arg1 + 52, 4)),
	    inet_ntoa(copyin(arg1 + 60, 4)), inet_ntop(2, copyin(arg1, 4)));
	exit(0);
}
