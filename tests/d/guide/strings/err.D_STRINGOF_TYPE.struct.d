/*
 * Strings, string conversion: stringof() applies to scalars, pointers
 * and arrays; a struct operand is an error.
 */

BEGIN
{
	trace(stringof(*curthread));
}
