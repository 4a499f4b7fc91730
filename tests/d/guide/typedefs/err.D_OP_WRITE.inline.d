/*
 * Type and Constant Definitions, inlines: an inline is a constant, not a
 * variable; assigning to it is an error.
 */

inline int number_of_days = 365;

BEGIN
{
	number_of_days = 366;
}
