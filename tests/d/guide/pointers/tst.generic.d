/*
 * Pointers and Arrays, generic pointers: a void * holds any address and
 * converts to and from other pointer types without a cast; it must be
 * cast back to a typed pointer to be dereferenced.
 */
/* @@opts: -q */

void *vp;

BEGIN
{
	vp = curthread;
	t = (struct task_struct *)vp;
	printf("%d %d\n", t == curthread, t->pid == tid);
	exit(0);
}
