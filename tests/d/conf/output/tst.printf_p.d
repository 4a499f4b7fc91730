/*
 * %p prints a pointer as DTrace does, as %x: hexadecimal, no 0x.
 */
/* @@opts: -q */

BEGIN
{
	printf("%p %p\n", (void *)0x1234, (int *)0xffff);
	exit(0);
}
