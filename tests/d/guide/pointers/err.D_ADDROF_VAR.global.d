/*
 * Pointers and Arrays, pointers to DTrace objects: the address of a D
 * variable cannot be taken; the Guide's trace(&x) is an error.
 */

int x;

BEGIN
{
	trace(&x);
}
