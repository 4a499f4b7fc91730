/* a thread-local declared twice with different types */
self int x;
self string x;

BEGIN
{
	exit(0);
}
