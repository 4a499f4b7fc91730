/*
 * An assignment without a right-hand side is a syntax error.
 */

BEGIN
{
	x = ;
}
