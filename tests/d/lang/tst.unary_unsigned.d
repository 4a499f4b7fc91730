/*
 * Unary minus and complement keep their operand's type: on an unsigned
 * int they wrap at 32 bits, so a 64-bit variable holding 4294967295
 * equals -1u and ~0u, and -(unsigned char) stays a value of its width.
 */
/* @@opts: -q */

BEGIN
{
	x = (uint64_t)4294967295;
	one = 1u;
	c = (unsigned char)1;
	printf("%d %d\n", x == -1u, x == ~0u);
	printf("%u %u %d\n", -one, ~one, -c);
	exit(0);
}
