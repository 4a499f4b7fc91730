/*
 * printf conversions %d %i %u %x %X %o %s %c %p %% with flags, field
 * widths, precisions and * widths.  %p prints like %x (no 0x), values
 * narrower than 64 bits are converted at their own size (-1 as an int is
 * ffffffff), and D's integer constants are ints.
 */
/* @@opts: -q */

BEGIN
{
	printf("%d %i %u\n", -5, 42, 7);
	printf("%x %X %o\n", 255, 255, 8);
	printf("[%u] [%x] [%d]\n", -1, -1, -1);
	printf("[%ld] [%lx]\n", 1234567890123, 0x123456789a);
	printf("[%5d] [%-5d] [%05d] [%+d] [% d]\n", 42, 42, 42, 42, 42);
	printf("[%.3d] [%8.3d] [%-8.3d]\n", 7, 7, 7);
	printf("[%#x] [%#o] [%#X]\n", 255, 8, 255);
	printf("[%*d] [%-*d]\n", 6, 42, 6, 42);
	printf("[%s] [%10s] [%-10s] [%.3s] [%*s]\n", "abc", "abc", "abc",
	    "abcdef", 5, "ab");
	printf("[%c] [%3c] [%-3c]\n", 65, 66, 67);
	printf("[%p]\n", (void *)0x1000);
	printf("100%% [%%] [%5s%%]\n", "x");
	exit(0);
}
