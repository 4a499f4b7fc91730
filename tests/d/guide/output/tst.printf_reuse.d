/*
 * Output Formatting chapter: the format string is a constant of any
 * length, with any number of conversions, and plain text between them.
 */
/* @@opts: -q */

BEGIN
{
	printf("pid %d of %s: uid=%d args %s%s%d\n", 1, "init", 0, "(", "", 0);
	printf("no conversions at all\n");
	exit(0);
}
