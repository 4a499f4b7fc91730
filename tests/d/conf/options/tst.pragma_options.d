/*
 * Options set with #pragma D option, as with -x: quiet and strsize
 * (strings are cut to strsize characters).
 */
#pragma D option quiet
#pragma D option strsize=5

BEGIN
{
	s = "abcdefghij";
	printf("[%s]\n", s);
	exit(0);
}
