/* inet_ntoa6()'s strict argument chooses the form at compile time: a
 * constant, not a variable */
BEGIN
{
	n = 0;
	trace(inet_ntoa6((struct in6_addr *)alloca(16), n));
}
