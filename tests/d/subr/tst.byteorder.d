/*
 * Byte order (htons ... ntohll), getmajor/getminor of a Linux dev_t (a
 * 64-bit argument is a 32-bit dev_t first), and rand() giving ints of
 * 32 random bits: among 64 draws, some negative and some not.
 */
#pragma D option quiet

int draws, neg;

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
	printf("%d\n", sizeof (rand()));
}

/* 64 draws: some negative, some not */
tick-1ms
/++draws <= 64/
{
	neg += rand() < 0;
}

tick-1ms
/draws == 65/
{
	printf("%d\n", neg > 0 && neg < 64);
	exit(0);
}
