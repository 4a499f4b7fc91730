/*
 * Variables, thread-local variables: declared with the self keyword, as
 * in the Guide's "self int x;", read as zero until assigned in the
 * thread, and private to it.
 */
/* @@opts: -q */
/* @@trigger: workload -n guideself read */

self int x;

syscall::read:entry
/execname == "guideself"/
{
	printf("%d\n", self->x);
	self->x = 123;
	self->read = 1;
}

syscall::read:return
/self->read/
{
	printf("%d %d\n", self->x, self->read);
	exit(0);
}
