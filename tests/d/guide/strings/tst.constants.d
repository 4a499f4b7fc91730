/*
 * Strings, string constants: double-quoted, with the escape sequences of
 * character constants; the Guide's "hello" is of type string.
 */
/* @@opts: -q */

BEGIN
{
	printf("%s|\n", "hello");
	printf("%s|\n", "tab\there");
	printf("%s|\n", "quote\"d \\ back");
	printf("%s|\n", "\x41\102C");
	printf("%d\n", sizeof ("hello"));
	exit(0);
}
