/*
 * Output Formatting chapter: the escape sequences of D string constants
 * in printf() formats: \t \\ \" and octal codes; \' is not one in
 * DTrace's lexer (the backslash stays).
 */
/* @@opts: -q */

BEGIN
{
	printf("a\tb\\c\"d\'e\101\102\n");
	printf("100%%\n");
	exit(0);
}
