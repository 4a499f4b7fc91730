/*
 * Variables chapter, scalar variables: created by their first
 * assignment with the type of the assigned value; the Guide's example
 * of x, s and a pointer-sized value; declared globals start at zero.
 */
/* @@opts: -q */

int declared;
string sdeclared;

BEGIN
{
	x = 123;
	s = "hello";
	t = timestamp;
	printf("%d %s %d %d\n", x, s, sizeof (x), sizeof (t));
	printf("%d [%s]\n", declared, sdeclared);
	x = x + 1;
	printf("%d\n", x);
}

BEGIN
{
	printf("%d %s\n", x, s);
	exit(0);
}
