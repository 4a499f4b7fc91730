/*
 * Strings chapter: the strsize option sets the size of the string
 * type; longer strings are cut to strsize characters.
 */
/* @@opts: -q -x strsize=8 */

BEGIN
{
	s = "0123456789abcdef";
	printf("%s %d\n", s, sizeof (string));
	exit(0);
}
