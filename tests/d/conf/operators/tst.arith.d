/*
 * Operators chapter, arithmetic: + - * / % on integers with C's
 * semantics (truncation toward zero, remainder with the dividend's
 * sign), unsigned wraparound, and the usual arithmetic conversions.
 */
/* @@opts: -q */

BEGIN
{
	x = 17;
	y = -5;
	printf("%d %d %d %d %d\n", x + y, x - y, x * y, x / y, x % y);
	printf("%d %d\n", -x / 5, -x % 5);
	u = (unsigned int)0;
	printf("%u\n", u - 1);
	printf("%d\n", (uint8_t)255 + 1);
	printf("%d\n", (int8_t)127 + 1);
	printf("%d\n", 1 + 2 * 3 - 8 / 4 % 3);
	printf("%d\n", (1 + 2) * (3 - 8) / 4);
	exit(0);
}
