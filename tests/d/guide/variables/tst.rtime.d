/*
 * Variables, thread-local variables: the Guide's rtime.d, timing read(2)
 * with self->t.  Restricted to the workload and to the first call; the
 * pid, tid and time vary, so the .sed filter keeps the shape.
 */
/* @@opts: -q */
/* @@trigger: workload -n guidertime read */

syscall::read:entry
/execname == "guidertime"/
{
	self->t = timestamp;
}

syscall::read:return
/self->t != 0/
{
	printf("%d/%d spent %d nsecs in read(2)\n",
	    pid, tid, timestamp - self->t);

	/*
	 * We're done with this thread-local variable; assign zero to it
	 * to allow the DTrace runtime to reclaim the underlying storage.
	 */
	self->t = 0;
	exit(0);
}
