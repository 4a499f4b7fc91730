/*
 * Variables chapter: an associative array declared with explicit key
 * and value types, as in the Guide's "int x[unsigned long long, char]".
 */
/* @@opts: -q */

int x[unsigned long long, char];

BEGIN
{
	x[123ull, 'a'] = 456;
	printf("%d %d\n", x[123ull, 'a'], x[123, 'b']);
	exit(0);
}
