/*
 * Types chapter, character constants and escape sequences: a character
 * constant is an int with the character's value; the escapes of the
 * Guide's table, octal and hexadecimal escapes included, except that
 * DTrace (illumos and Oracle alike) reads \' and \? as two characters,
 * the backslash kept; up to eight characters make a long.
 */
/* @@opts: -q */

BEGIN
{
	printf("%d %d %d\n", 'a', 'A', '0');
	printf("%d %d %d %d %d %d %d\n", '\a', '\b', '\f', '\n', '\r', '\t',
	    '\v');
	printf("%d %d %d %d %d\n", '\\', '\'', '\"', '\?', '\0');
	printf("%d %d %d\n", '\101', '\x41', '\177');
	printf("%d %d %d\n", sizeof ('a'), 'abcdefgh' == 0x6162636465666768,
	    sizeof ('abcdefgh'));
	printf("%c%c%c\n", 'a', 'b', 'c');
	exit(0);
}
