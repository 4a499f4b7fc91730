/*
 * Output Formatting chapter, %p: a pointer as a hexadecimal address,
 * which DTrace prints as %x does (no 0x); width and '-' apply.
 */
/* @@opts: -q */

BEGIN
{
	printf("[%p] [%20p] [%-20p]\n", (void *)0x1234, (void *)0xbeef,
	    (void *)0);
	exit(0);
}
