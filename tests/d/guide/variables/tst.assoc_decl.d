/*
 * Variables, associative arrays: an explicit declaration, the Guide's
 * int x[unsigned long long, char], then the assignment x[123ull, 'a'] =
 * 456 that matches it.
 */
/* @@opts: -q */

int x[unsigned long long, char];

BEGIN
{
	x[123ull, 'a'] = 456;
	printf("%d %d\n", x[123ull, 'a'], x[123ull, 'b']);
	exit(0);
}
