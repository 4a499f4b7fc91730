/*
 * Operators chapter: the left side of an assignment must be an lvalue.
 */

BEGIN
{
	3 = 4;
	exit(0);
}
