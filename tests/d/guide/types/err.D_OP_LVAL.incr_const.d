/*
 * Types, Operators, and Expressions, increment and decrement: the
 * operand must be a modifiable lvalue, which a constant is not.
 */

BEGIN
{
	x = 2++;
}
