/*
 * copyinstr(arg1) at syscall::openat:entry reads the path from user
 * memory; the return probe of the same thread sees the self-> variables
 * set at entry, and the new descriptor (non-negative) in arg0.
 */
/* @@opts: -q */
/* @@trigger: workload -n bdt-path open /etc/hostname */

syscall::openat:entry
/execname == "bdt-path"/
{
	self->path = copyinstr(arg1);
	self->in = 1;
}

syscall::openat:return
/self->in/
{
	printf("%s %d\n", self->path, (int)arg0 >= 0);
	exit(0);
}
