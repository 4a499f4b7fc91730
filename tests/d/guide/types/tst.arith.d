/*
 * Types, Operators, and Expressions, arithmetic operators: integer
 * division truncates toward zero and % is the remainder, as in C.
 */
/* @@opts: -q */

BEGIN
{
	x = 10;
	y = 3;
	printf("%d %d %d %d %d\n", x + y, x - y, x * y, x / y, x % y);
	printf("%d %d\n", -x / y, -x % y);
	printf("%d\n", -x);
	exit(0);
}
