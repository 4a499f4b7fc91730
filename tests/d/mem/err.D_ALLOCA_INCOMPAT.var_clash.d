/*
 * One variable for alloca()'d memory and for other pointers: DTrace
 * could not tell which a load is, so it refuses the mix (on the line of
 * the clause's probe description, where it reports code generation).
 */
BEGIN
{
	a = (char *)alloca(1);
}

BEGIN
{
	a = (char *)curthread;
	trace(a);
}
