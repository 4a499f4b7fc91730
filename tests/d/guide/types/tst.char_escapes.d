/*
 * Types, Operators, and Expressions, constants: character constants
 * and the escape sequences D shares with ANSI C (\' is not one in
 * DTrace's lexer: it stays a backslash and a quote).
 */
/* @@opts: -q */

BEGIN
{
	printf("%d %d %d %d %d %d\n", 'a', '\n', '\t', '\\', '\'', '\0');
	printf("%d %d %d %d %d\n", '\a', '\b', '\f', '\r', '\v');
	printf("%d %d %d\n", '\"', '\101', '\x41');
	printf("[%c%c%c]\n", 'D', '\x41', '\102');
	exit(0);
}
