/*
 * Variables chapter: a key must match the key type of the first use.
 */

BEGIN
{
	a["x"] = 3;
	a[1] = 4;
	exit(0);
}
