/*
 * Strings chapter: a string constant cannot span a newline.
 */

BEGIN
{
	trace("abc
def");
	exit(0);
}
