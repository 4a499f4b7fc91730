/* inet_ntoa6( )'s strict argument must be a constant */
BEGIN
{
	n = 1;
	trace(inet_ntoa6((struct in6_addr *)alloca(16), n));
}
