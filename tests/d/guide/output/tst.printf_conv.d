/*
 * Output Formatting chapter, conversions: %c %d %i %o %u %x %X %s and
 * %%; %u and %x show a negative int as unsigned at the int's width.
 */
/* @@opts: -q */

BEGIN
{
	printf("%c%c%c\n", 'd', 't', 0x72);
	printf("%d %i %o %u %x %X\n", 100, 100, 100, 100, 2989, 2989);
	printf("%u %x\n", -1, -1);
	printf("%s %% done\n", "100");
	exit(0);
}
