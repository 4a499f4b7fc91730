/*
 * Operators chapter: % needs integer operands, even where + and -
 * accept a pointer.
 */

BEGIN
{
	trace(curthread % 2);
	exit(0);
}
