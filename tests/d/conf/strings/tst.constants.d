/*
 * Strings chapter, string constants: escape sequences in string
 * literals, adjacent text, and sizeof a string constant, which is its
 * length plus one, as in C.
 */
/* @@opts: -q */

BEGIN
{
	printf("%s|%s|%s\n", "tab\there", "quote\"q", "back\\slash");
	printf("%s\n", "octal\101 hex\x42");
	printf("%d %d\n", sizeof ("hello"), sizeof (""));
	printf("%d\n", strlen("hello"));
	exit(0);
}
