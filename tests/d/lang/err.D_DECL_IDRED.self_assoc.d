/* a thread-local scalar redeclared as an associative array */
self int x;
self int x[int];

BEGIN
{
	exit(0);
}
