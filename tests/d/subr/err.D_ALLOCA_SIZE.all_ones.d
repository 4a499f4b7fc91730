/*
 * alloca()'s size is a size_t: 0xffffffffffffffff is the largest size, and
 * the error says so (18446744073709551615, not -1).
 */
#pragma D option scratchsize=256

BEGIN
{
	p = alloca(0xffffffffffffffff);
	exit(0);
}
