/*
 * Types, Operators, and Expressions, type conversions: the usual
 * arithmetic conversions of mixed operands, and explicit casts that
 * truncate or sign-extend.
 */
/* @@opts: -q */

BEGIN
{
	x = (int)1;
	y = (unsigned int)2;
	printf("%d\n", sizeof (x + y));
	printf("%d\n", sizeof ((char)1 + (short)2));
	printf("%d\n", sizeof (x + 1l));
	printf("%u\n", (unsigned int)-1);
	printf("%d\n", (char)0x141);
	printf("%d\n", (int8_t)0xff);
	printf("%d\n", (uint8_t)-1);
	printf("%d\n", (int)(unsigned short)-1);
	printf("%d\n", -1 < (unsigned int)1);
	exit(0);
}
