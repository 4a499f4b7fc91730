/*
 * Strings, string representation: a string variable holds a copy of its
 * value in a buffer of strsize bytes (256 by default), which is what
 * sizeof reports; strlen gives the length of the text.
 */
/* @@opts: -q */

string s;

BEGIN
{
	s = "hello";
	printf("%s %d %d\n", s, sizeof (s), strlen(s));
	exit(0);
}
