/*
 * Variables, built-in variables: they are read-only; assigning to one
 * is an error.
 */

BEGIN
{
	execname = "foo";
}
