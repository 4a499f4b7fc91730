/*
 * Thread-local variables set at a system call's entry are seen at its
 * return by the same thread (and only there: the predicate on self->ts
 * selects the workload's thread, which set it); assigning 0 frees them.
 */
/* @@opts: -q */
/* @@trigger: workload -n bdt-self open /etc/hostname */

syscall::openat:entry
/execname == "bdt-self"/
{
	self->ts = timestamp;
	self->name = execname;
	self->calls++;
}

syscall::openat:return
/self->ts/
{
	printf("%s %d %d %d\n", self->name, timestamp >= self->ts,
	    self->calls, (int)arg0 >= 0);
	self->ts = 0;
	printf("after: %d\n", self->ts);
	exit(0);
}
