/*
 * Type and Constant Definitions, inlines: the Guide's named constants
 * inline string hello = "hello" and inline int number_of_days = 365,
 * and an inline whose value is an expression computed from others.
 */
/* @@opts: -q */

inline string hello = "hello";
inline int number_of_days = 365;
inline int hours_per_year = number_of_days * 24;

BEGIN
{
	printf("%s %d %d\n", hello, number_of_days, hours_per_year);
	exit(0);
}
