/*
 * Probe descriptions with globs: "syscall::open*:entry" covers openat;
 * one clause may list several descriptions (each must match something).
 * The workload opens before it closes, and nothing runs after exit().
 */
/* @@opts: -q */
/* @@trigger: workload -n bdt-glob open /etc/hostname */

syscall::open*:entry,
syscall::close:entry
/execname == "bdt-glob"/
{
	printf("%s\n", probefunc);
	exit(0);
}
