/*
 * Adding two strings: both operands act as pointers, and pointer +
 * pointer is not allowed.
 */

BEGIN
{
	trace("a" + "b");
	exit(0);
}
