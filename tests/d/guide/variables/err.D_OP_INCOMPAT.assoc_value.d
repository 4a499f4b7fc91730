/*
 * Variables, associative arrays: the Guide's "the value of x must be an
 * int": assigning a string to an element of int x[...] is an error.
 */

int x[unsigned long long, char];

BEGIN
{
	x[456ull, 'a'] = "hello";
}
