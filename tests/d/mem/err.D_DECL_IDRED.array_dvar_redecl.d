/* a thread-local redeclared with another array type */
self int a[4];
self int a[5];

BEGIN
{
	exit(0);
}
