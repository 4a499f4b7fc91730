/*
 * Operators chapter: the bitwise operators need integer operands.
 */

BEGIN
{
	trace("abc" << 1);
	exit(0);
}
