/*
 * Strings, string assignment: assigning a string copies its value, so a
 * later change of the source does not affect the copy; the Guide's
 * d = s where both are string variables.
 */
/* @@opts: -q */

string s, d;

BEGIN
{
	s = "hello";
	d = s;
	s = "world";
	printf("%s %s\n", d, s);
	d = execname;
	printf("%s\n", d);
	exit(0);
}
