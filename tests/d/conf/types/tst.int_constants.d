/*
 * Types chapter, integer constants: decimal, octal (leading 0) and
 * hexadecimal (0x) forms, the u/U, l/L, ul and ll suffixes, and the
 * type a constant takes: the first of int, long, long long (plus the
 * unsigned types for octal and hex) that can hold it.
 */
/* @@opts: -q */

BEGIN
{
	printf("%d %d %d %d\n", 123, 0173, 0x7b, 0X7B);
	printf("%d %d %d\n", sizeof (1), sizeof (1L), sizeof (1LL));
	printf("%d %d %d\n", sizeof (1u), sizeof (1UL), sizeof (1ull));
	printf("%d %d\n", sizeof (2147483647), sizeof (2147483648));
	printf("%d %d\n", sizeof (0x7fffffff), sizeof (0x80000000));
	printf("%u %u\n", 0xffffffff, 0xffffffffffffffff);
	printf("%d\n", 0x7fffffffffffffff);
	exit(0);
}
