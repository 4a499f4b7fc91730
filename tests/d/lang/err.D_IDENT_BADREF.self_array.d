/* a thread-local associative array needs its subscript */
self int a[int];

BEGIN
{
	trace(self->a);
	exit(0);
}
