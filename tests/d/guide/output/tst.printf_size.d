/*
 * Output Formatting chapter, size prefixes: D needs none (the argument's
 * type sets the width), but h, l and ll are accepted; a narrow
 * type's value is shown at its width.
 */
/* @@opts: -q */

BEGIN
{
	printf("%hd %ld %lld %lu %hx\n", (short)-1, 1L, 1LL, 2UL, (short)-1);
	printf("%x %x %x\n", (uint8_t)-1, (uint16_t)-1, (uint32_t)-1);
	printf("%d %d\n", (int8_t)200, (int16_t)70000);
	exit(0);
}
