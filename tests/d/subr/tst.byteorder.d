/*
 * Byte order (htons ... ntohll), getmajor/getminor of a Linux dev_t (a
 * 64-bit argument is a 32-bit dev_t first), and rand() staying
 * non-negative.
 */
#pragma D option quiet

BEGIN
{
	printf("%x %x %x\n", htons(0x1234), htonl(0x12345678),
	    htonll(0x0102030405060708));
	printf("%x %x %x\n", ntohs(0x3412), ntohl(0x78563412),
	    ntohll(0x0807060504030201));
	printf("%d %d\n", htons(0x12345678), ntohs(htons(80)));
	printf("%d %d\n", getmajor(0x0880003), getminor(0x0880003));
	printf("%x %x\n", getmajor(0xabcdef0123456789ll),
	    getminor(0xabcdef0123456789ll));
	printf("%d\n", rand() >= 0 && rand() >= 0 && rand() >= 0);
	exit(0);
}
