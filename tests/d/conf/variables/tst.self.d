/*
 * Variables chapter, thread-local variables: self-> variables are
 * private to the firing thread, read as zero until assigned, and
 * assigning zero frees them.  A read must follow a declaration or an
 * assignment in program order.  The Guide's read/write timing pattern,
 * on the workload's system calls.
 */
/* @@opts: -q */
/* @@trigger: workload write */

self int seen;

syscall::write:entry
/execname == "workload" && !self->seen/
{
	self->ts = timestamp;
	self->seen = 1;
	self->name = "write";
}

syscall::write:return
/self->ts/
{
	printf("%s %d %d\n", self->name, timestamp - self->ts > 0,
	    self->seen);
	self->ts = 0;
	printf("%d\n", self->ts);
	exit(0);
}
