/*
 * Operators chapter, assignment operators: = and every compound form;
 * an assignment is an expression whose value is the value assigned.
 */
/* @@opts: -q */

BEGIN
{
	x = 10;
	x += 5; printf("%d ", x);
	x -= 3; printf("%d ", x);
	x *= 4; printf("%d ", x);
	x /= 6; printf("%d ", x);
	x %= 5; printf("%d ", x);
	x <<= 4; printf("%d ", x);
	x >>= 2; printf("%d ", x);
	x |= 3; printf("%d ", x);
	x &= 6; printf("%d ", x);
	x ^= 0xff; printf("%d\n", x);
	y = z = 7;
	printf("%d %d %d\n", y, z, (w = 3) + 1);
	exit(0);
}
