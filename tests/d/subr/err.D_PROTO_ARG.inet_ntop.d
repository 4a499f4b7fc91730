/* inet_ntop( )'s address is a pointer, not a string */
BEGIN
{
	trace(inet_ntop(2, "127.0.0.1"));
}
