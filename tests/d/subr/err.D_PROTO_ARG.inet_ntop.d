/*
 * inet_ntop( )'s address is a pointer (a void *, which a string is too,
 * as DTrace's prototype check has it): a struct is not one.
 */
BEGIN
{
	trace(inet_ntop(2, *curthread));
}
