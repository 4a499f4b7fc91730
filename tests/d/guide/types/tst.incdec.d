/*
 * Types, Operators, and Expressions, increment and decrement: prefix
 * forms yield the new value, postfix forms the old one.
 */
/* @@opts: -q */

BEGIN
{
	x = 5;
	printf("%d ", x++);
	printf("%d ", x);
	printf("%d ", ++x);
	printf("%d ", x--);
	printf("%d\n", --x);
	exit(0);
}
