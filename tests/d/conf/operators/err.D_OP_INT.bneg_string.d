/*
 * Operators chapter: ~ needs an integer operand.
 */

BEGIN
{
	trace(~"abc");
	exit(0);
}
