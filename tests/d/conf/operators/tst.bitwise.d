/*
 * Operators chapter, bitwise operators: & | ^ << >> ~; right shift of
 * a signed value is arithmetic, of an unsigned value logical.
 */
/* @@opts: -q */

BEGIN
{
	x = 0xf0;
	y = 0x3c;
	printf("%x %x %x\n", x & y, x | y, x ^ y);
	printf("%x %x\n", x << 4, x >> 4);
	printf("%x\n", ~x & 0xff);
	s = -16;
	printf("%d\n", s >> 2);
	u = (unsigned int)0x80000000;
	printf("%x\n", u >> 4);
	printf("%x\n", 1 << 31);
	printf("%llx\n", 1LL << 40);
	exit(0);
}
