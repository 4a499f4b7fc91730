/*
 * %u and %x print a negative int as the unsigned value of its own
 * width; a 64-bit value needs no prefix.
 */
/* @@opts: -q */

BEGIN
{
	i = (int)-1;
	l = (long)-1;
	printf("%u %x\n", i, i);
	printf("%u %x\n", l, l);
	printf("%d %u\n", (char)200, (unsigned char)200);
	exit(0);
}
