/*
 * The multiplicative operators need arithmetic operands; a string is
 * not one.  (execname + 1 is legal D: additive operators treat strings
 * as pointers.)
 */

BEGIN
{
	trace(execname * 2);
	exit(0);
}
