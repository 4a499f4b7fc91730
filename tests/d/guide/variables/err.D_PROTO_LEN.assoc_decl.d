/*
 * Variables, associative arrays: the number of keys must match the
 * declaration, here int x[unsigned long long, char] used with one key.
 */

int x[unsigned long long, char];

BEGIN
{
	x[123ull] = 456;
}
