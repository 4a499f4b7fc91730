/*
 * Strings chapter: a string cannot be compared with an integer.
 */

BEGIN
{
	trace("abc" == 1);
	exit(0);
}
