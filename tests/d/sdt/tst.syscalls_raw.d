/*
 * sdt's syscalls group keeps its records' fields, rebuilt on the raw
 * sys_enter/sys_exit tracepoints from the saved registers: args[0] is
 * __syscall_nr, then the call's arguments (openat: dfd, filename,
 * flags, mode) or the return value.
 */
/* @@trigger: workload -n bdt-sdt open /etc/hostname */
#pragma D option quiet

sdt:syscalls::sys_enter_openat
/execname == "bdt-sdt"/
{
	printf("%s %d %d %s %d\n", probename, args[0], arg0, copyinstr(arg2),
	    args[3]);
	entered = 1;
}

sdt:syscalls::sys_exit_openat
/execname == "bdt-sdt" && entered/
{
	printf("%s %d %d\n", probename, args[0], args[1] > 2);
	exit(0);
}
