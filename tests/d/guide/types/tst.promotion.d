/*
 * Types, Operators, and Expressions, type conversions: the operand type
 * of higher rank (width, then unsigned above signed) is the result
 * type, with no promotion of char and short to int: uint8_t 200
 * compared with int8_t -1 compares unsigned, as in DTrace; and in a
 * comparison of int with unsigned int the int is converted to unsigned.
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
