/*
 * inet_ntoa6(addr, strict): an IPv4-compatible or IPv4-mapped address
 * is its dotted IPv4 part alone, unless strict (a constant) is not 0:
 * then "::" or "::ffff:" comes first, as inet_ntop() prints it.
 */
/* @@opts: -q */

BEGIN
{
	c = (uint32_t *)alloca(16);
	c[0] = 0; c[1] = 0; c[2] = 0;
	c[3] = htonl(0x7f000001);
	m = (uint32_t *)alloca(16);
	m[0] = 0; m[1] = 0;
	m[2] = htonl(0xffff);
	m[3] = htonl(0xc0a80001);
	printf("%s %s %s\n", inet_ntoa6((struct in6_addr *)c),
	    inet_ntoa6((struct in6_addr *)c, 0),
	    inet_ntoa6((struct in6_addr *)c, 1));
	printf("%s %s %s\n", inet_ntoa6((struct in6_addr *)m),
	    inet_ntoa6((struct in6_addr *)m, 0),
	    inet_ntoa6((struct in6_addr *)m, 7));
	exit(0);
}
