/*
 * Type and Constant Definitions, inlines: the expression must have a
 * type compatible with the declared one; an int inline cannot be a
 * string.
 */

inline int number_of_days = "many";

BEGIN
{
	trace(number_of_days);
}
