/* thread-local associative arrays are not implemented yet */
self int a[int];

BEGIN
{
	exit(0);
}
