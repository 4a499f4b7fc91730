/*
 * Reading a variable that nothing assigns is an error.
 */

BEGIN
{
	trace(nosuchvariable);
	exit(0);
}
