/*
 * Structs and Unions, pointers to structs: . applies to a struct or
 * union, not to a pointer to one (that is ->).
 */

BEGIN
{
	trace(curthread.pid);
}
