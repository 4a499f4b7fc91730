/*
 * Operators chapter, type conversions: casts truncate to the target
 * width and then sign- or zero-extend; an integer promoted in an
 * expression keeps its value.
 */
/* @@opts: -q */

BEGIN
{
	x = 0x1234567890;
	printf("%x %x %x\n", (uint8_t)x, (uint16_t)x, (uint32_t)x);
	printf("%d %d\n", (char)0x80, (unsigned char)0x80);
	printf("%d %d\n", (short)0x18000, (int)0x180000000);
	printf("%d\n", (int64_t)(int32_t)-1);
	printf("%u\n", (uint32_t)(int8_t)-1);
	exit(0);
}
