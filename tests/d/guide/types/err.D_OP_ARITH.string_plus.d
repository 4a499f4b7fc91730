/*
 * Types, Operators, and Expressions, arithmetic operators: arithmetic
 * applies to integers and pointers only; a string operand is an error.
 */

BEGIN
{
	x = "hello" * 2;
}
