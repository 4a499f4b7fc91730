/*
 * copyout() is refused on this system, but as in DTrace its arguments are
 * checked against the prototype first: its user address is a uintptr_t
 * (a string does for its buffer, being an array of char).
 */
BEGIN
{
	copyout("abc", "def", 4);
	exit(0);
}
