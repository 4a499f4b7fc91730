/*
 * Many IPv6 conversions in one clause: they share one formatting
 * subprogram, so the clause stays within BPF's jump range (inlined,
 * a dozen of them did not).  inet_ntoa6() without strict and with it,
 * and two results alive in one printf(), show that each call keeps its
 * own string.
 */
#pragma D option quiet

BEGIN
{
	a = (uint8_t *)alloca(16);
	b = (uint8_t *)alloca(16);
	a[0] = 0x20; a[1] = 0x01; a[2] = 0x0d; a[3] = 0xb8; a[15] = 0x01;
	b[10] = 0xff; b[11] = 0xff; b[12] = 10; b[15] = 7;
	printf("%s %s\n", inet_ntop(AF_INET6, a), inet_ntop(AF_INET6, b));
	printf("%s %s\n", inet_ntoa6((struct in6_addr *)b), inet_ntoa6((struct in6_addr *)b, 1));
	printf("%s\n", inet_ntop(AF_INET, &b[12]));
	a[15] = 0; a[6] = 0xab;
	printf("%s\n", inet_ntop(AF_INET6, a));
	a[6] = 0; a[4] = 1;
	printf("%s\n", inet_ntop(AF_INET6, a));
	b[11] = 0; b[10] = 0;
	printf("%s %s\n", inet_ntoa6((struct in6_addr *)b), inet_ntoa6((struct in6_addr *)b, 1));
	b[0] = 0xfe; b[1] = 0x80;
	printf("%s\n", inet_ntop(AF_INET6, b));
	printf("%s\n", inet_ntop(AF_INET6, a));
	printf("%s\n", inet_ntop(AF_INET6, b));
	printf("%s\n", inet_ntop(AF_INET6, a));
	printf("%s\n", inet_ntop(AF_INET6, b));
	printf("%s\n", inet_ntop(AF_INET6, a));
	exit(0);
}
