/*
 * Strings chapter, the string type: variables declared string, sizeof
 * a string variable is strsize; a string assignment copies the value.
 */
/* @@opts: -q */

string s;

BEGIN
{
	printf("%d %d\n", sizeof (string), sizeof (s));
	s = "first";
	t = s;
	s = "second";
	printf("%s %s\n", s, t);
	exit(0);
}
