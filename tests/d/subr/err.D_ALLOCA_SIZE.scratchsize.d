/*
 * An alloca() of a constant size larger than the scratchsize option
 * is a compile-time error, as in DTrace.
 */
#pragma D option scratchsize=512

BEGIN
{
	p = alloca(513);
	exit(0);
}
