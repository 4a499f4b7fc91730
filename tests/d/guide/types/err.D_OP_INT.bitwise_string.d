/*
 * Types, Operators, and Expressions, bitwise operators: they apply to
 * integer operands only.
 */

BEGIN
{
	x = "hello" & 1;
}
