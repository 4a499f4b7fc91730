/*
 * A thread-local variable read before anything in program order
 * declares or assigns it: DTrace cooks clauses in order, so the
 * return clause cannot come first.
 */

syscall::read:return
/self->ts/
{
	trace(timestamp - self->ts);
}

syscall::read:entry
{
	self->ts = timestamp;
}
