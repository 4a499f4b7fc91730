/*
 * A left shift's int result is narrowed to int where it is widened,
 * unless the shift count is 64 bits wide: `1 << n` with n an int64_t
 * keeps its 64 bits (a mask of bit 31 or 40), as in DTrace.
 */
#pragma D option quiet

int64_t n64;
int n32;
int64_t v;

BEGIN
{
	n64 = 31;
	n32 = 31;
	v = 1 << n64;
	printf("%d\n", v);
	v = -(1 << n64);
	printf("%d\n", v);
	v = 1 << n32;
	printf("%d\n", v);
	n64 = 40;
	v = (1 << n64) | 1;
	printf("%x\n", v);
	exit(0);
}
