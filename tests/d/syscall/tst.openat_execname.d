/*
 * syscall::openat:entry with a predicate on execname sees the workload's
 * opens and nobody else's.
 */
/* @@opts: -q */
/* @@trigger: workload -n bdt-open open /etc/hostname */

syscall::openat:entry
/execname == "bdt-open"/
{
	printf("%s %s:%s:%s:%s\n", execname, probeprov, probemod, probefunc,
	    probename);
	exit(0);
}
