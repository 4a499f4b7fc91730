/*
 * Types, Operators, and Expressions, constants: integers in decimal,
 * octal (leading 0) and hexadecimal (leading 0x), with the u and l
 * suffixes choosing the type.
 */
/* @@opts: -q */

BEGIN
{
	printf("%d %d %d\n", 123, 0123, 0x123);
	printf("%d %d %d %d\n", sizeof (123), sizeof (123u), sizeof (123l),
	    sizeof (123ul));
	printf("%d %d\n", sizeof (123ll), sizeof (123ull));
	printf("%d\n", sizeof (0x80000000));
	exit(0);
}
