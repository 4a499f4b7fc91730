/*
 * Types, Operators, and Expressions, bitwise operators: & | ^ << >> ~
 * on integers, as in C.
 */
/* @@opts: -q */

BEGIN
{
	x = 0xf0;
	printf("%x %x %x\n", x & 0x3c, x | 0x0f, x ^ 0xff);
	printf("%x %x\n", x << 4, x >> 4);
	printf("%x %x\n", ~0, (uint8_t)~x);
	exit(0);
}
