/*
 * Types chapter: 8 is not an octal digit.
 */

BEGIN
{
	trace(0789);
	exit(0);
}
