/*
 * Variables chapter: an associative array keeps the number of keys of
 * its first use.
 */

BEGIN
{
	a[1, 2] = 3;
	a[1] = 4;
	exit(0);
}
