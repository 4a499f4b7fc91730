/*
 * Type and Constant Definitions chapter: an inline is not a variable
 * and cannot be assigned.
 */

inline int limit = 10;

BEGIN
{
	limit = 5;
	exit(0);
}
