/*
 * Variables, scalar variables: a scalar takes the type of its first
 * assignment, so a later assignment of an incompatible type (an integer
 * then a string) is an error.
 */

BEGIN
{
	x = 123;
	x = "hello";
}
