/* a thread-local associative array's keys keep their first signature */
BEGIN
{
	self->a[1, 2] = 1;
	trace(self->a[1]);
	exit(0);
}
