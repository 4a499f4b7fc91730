/*
 * Options and Tunables: options that take a size or a rate, given with
 * the Guide's suffixes (k, m for sizes; hz for rates) in pragmas, do not
 * change the traced output.
 */
/* @@opts: -q */

#pragma D option bufsize=16k
#pragma D option aggsize=1m
#pragma D option switchrate=10hz
#pragma D option strsize=128

BEGIN
{
	s = "sized";
	printf("%s %d\n", s, sizeof (s));
	exit(0);
}
