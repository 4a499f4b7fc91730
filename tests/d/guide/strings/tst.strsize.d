/*
 * Strings, string representation: the strsize option sets the size of
 * string buffers (strsize characters, and the NUL), and a longer string
 * is truncated to fit.
 */
/* @@opts: -q */

#pragma D option strsize=6

BEGIN
{
	s = "hello, world";
	printf("%s %d\n", s, sizeof (s));
	exit(0);
}
