/* inet_ntop( )'s address is a pointer: an integer other than 0 is none */
BEGIN
{
	trace(inet_ntop(2, 0x7f000001));
}
