/*
 * Pointers and Arrays chapter: only pointers can be dereferenced.
 */

BEGIN
{
	x = 1;
	trace(*x);
	exit(0);
}
