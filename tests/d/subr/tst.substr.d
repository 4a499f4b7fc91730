/*
 * substr() as DTrace computes it: negative indexes count from the end,
 * negative lengths leave bytes off the end, and out-of-range starts give
 * the empty string.
 */
#pragma D option quiet

BEGIN
{
	s = "hello world";
	printf("[%s] [%s] [%s] [%s]\n", substr(s, 0), substr(s, 6),
	    substr(s, 6, 3), substr(s, 0, 5));
	printf("[%s] [%s] [%s] [%s]\n", substr(s, -5), substr(s, -5, 2),
	    substr(s, -20), substr(s, -20, 12));
	printf("[%s] [%s] [%s] [%s]\n", substr(s, 0, -6), substr(s, 3, -3),
	    substr(s, 11), substr(s, 50));
	printf("[%s] [%s] [%s]\n", substr(s, 2, 0), substr(s, 2, -20),
	    substr("", 0));
	exit(0);
}
