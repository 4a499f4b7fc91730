/*
 * Types, Operators, and Expressions, conditional expressions: the
 * second and third operands must have compatible types; a string and
 * an integer do not.
 */

BEGIN
{
	x = 1 ? "zero" : 1;
}
