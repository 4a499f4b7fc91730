/*
 * Types, Operators, and Expressions, precedence and associativity:
 * multiplicative over additive over shifts over relational over
 * equality over bitwise over logical over ?: over assignment.
 */
/* @@opts: -q */

BEGIN
{
	printf("%d %d\n", 1 + 2 * 3, (1 + 2) * 3);
	printf("%d %d\n", 1 << 2 + 1, 16 >> 1 >> 1);
	printf("%d %d\n", 1 | 2 & 3, 2 ^ 3 & 1);
	printf("%d\n", 1 < 2 == 1);
	printf("%d\n", 0 && 1 || 1);
	printf("%d\n", 1 ? 2 : 3 ? 4 : 5);
	printf("%d\n", 10 - 4 - 3);
	printf("%d\n", -2 * -3);
	printf("%d\n", sizeof (int) * 2);
	exit(0);
}
