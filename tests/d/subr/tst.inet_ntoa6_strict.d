/* @@opts: -q */
/*
 * inet_ntoa6(addr, strict): IPv4 in IPv6 (compatible ::a.b.c.d and
 * mapped ::ffff:a.b.c.d) is a plain IPv4 address unless strict, a
 * constant, is non-zero: then it is written as inet_ntop() writes it.
 * Other addresses read the same either way.
 */
BEGIN
{
	c = (uint32_t *)alloca(16);
	c[0] = 0; c[1] = 0; c[2] = 0; c[3] = htonl(0x7f000001);
	m = (uint32_t *)alloca(16);
	m[0] = 0; m[1] = 0; m[2] = htonl(0xffff); m[3] = htonl(0x0a010203);
	o = (uint32_t *)alloca(16);
	o[0] = htonl(0xfe800000); o[1] = 0; o[2] = 0; o[3] = htonl(9);
	printf("%s %s %s\n", inet_ntoa6((struct in6_addr *)c),
	       inet_ntoa6((struct in6_addr *)c, 0),
	       inet_ntoa6((struct in6_addr *)c, 42));
	printf("%s %s\n", inet_ntoa6((struct in6_addr *)m),
	       inet_ntoa6((struct in6_addr *)m, 1));
	printf("%s %s\n", inet_ntoa6((struct in6_addr *)o),
	       inet_ntoa6((struct in6_addr *)o, 1));
	exit(0);
}
