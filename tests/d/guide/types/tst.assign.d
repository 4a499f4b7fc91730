/*
 * Types, Operators, and Expressions, assignment operators: = and the
 * compound forms; an assignment is an expression whose value is the
 * new value of its left operand.
 */
/* @@opts: -q */

BEGIN
{
	x = 10;
	x += 5;
	printf("%d ", x);
	x -= 3;
	printf("%d ", x);
	x *= 2;
	printf("%d ", x);
	x /= 4;
	printf("%d ", x);
	x %= 4;
	printf("%d ", x);
	x <<= 4;
	printf("%d ", x);
	x >>= 1;
	printf("%d ", x);
	x |= 1;
	printf("%d ", x);
	x &= 0xc;
	printf("%d ", x);
	x ^= 0xff;
	printf("%d\n", x);
	y = z = 7;
	printf("%d %d\n", y, z);
	exit(0);
}
