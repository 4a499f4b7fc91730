/*
 * Variables, associative arrays: the Guide's counter-example, a key of
 * the wrong type for the declared int x[unsigned long long, char]
 * ("x" is a string, not a char).
 */

int x[unsigned long long, char];

BEGIN
{
	x[123ull, "a"] = 456;
}
