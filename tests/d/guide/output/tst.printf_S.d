/*
 * Output Formatting chapter, %S: like %s, but characters that are not
 * printable are shown as escape sequences.
 */
/* @@opts: -q */

BEGIN
{
	printf("%s|\n", "tab\there");
	printf("%S|\n", "tab\there\001\n");
	exit(0);
}
