/*
 * Types, Operators, and Expressions, type conversions: char and short
 * operands are promoted to int before arithmetic, and in a comparison
 * of int with unsigned int the int is converted to unsigned.
 */
/* @@opts: -q */

BEGIN
{
	c = (char)65;
	printf("%c %d\n", c + 1, sizeof (c + 1));
	printf("%d\n", (uint8_t)200 > (int8_t)-1);
	printf("%d\n", 0xffffffffu > -1);
	printf("%d\n", (short)-2 * (unsigned char)3);
	exit(0);
}
