/*
 * Operators chapter, precedence and associativity as in the Guide's
 * table (C's, with ^^ between && and ||).
 */
/* @@opts: -q */

BEGIN
{
	printf("%d\n", 1 | 2 ^ 3 & 4);
	printf("%d\n", 1 + 2 << 3);
	printf("%d\n", 10 - 4 - 3);
	printf("%d\n", 2 == 2 == 1);
	printf("%d\n", 1 || 0 && 0);
	printf("%d\n", 1 ^^ 1 || 1);
	printf("%d\n", 0 && 1 ^^ 1);
	printf("%d\n", -2 * -3);
	printf("%d\n", !0 + 1);
	printf("%d\n", 1 < 2 == 3 > 2);
	a = b = 3;
	a += b *= 2;
	printf("%d %d\n", a, b);
	exit(0);
}
