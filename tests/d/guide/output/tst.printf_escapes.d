/*
 * Output Formatting chapter: the escape sequences of D string constants
 * in printf() formats: \t \\ \" \' and octal codes.
 */
/* @@opts: -q */

BEGIN
{
	printf("a\tb\\c\"d\'e\101\102\n");
	printf("100%%\n");
	exit(0);
}
