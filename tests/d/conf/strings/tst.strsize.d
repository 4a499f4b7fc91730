/*
 * Strings chapter: the strsize option sets the size of the string
 * type; longer strings are truncated.
 */
/* @@opts: -q -x strsize=8 */

BEGIN
{
	s = "0123456789abcdef";
	printf("%s %d\n", s, sizeof (string));
	exit(0);
}
