/*
 * copyout() is refused on this system, but as in DTrace its arguments are
 * checked against the prototype first: a string is no buffer pointer.
 */
BEGIN
{
	copyout("abc", 0, 4);
	exit(0);
}
