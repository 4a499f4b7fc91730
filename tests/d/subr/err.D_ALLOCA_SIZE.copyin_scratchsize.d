/*
 * copyin() copies into the clause's scratch space, as alloca() takes
 * from it: a constant size beyond scratchsize is a compile-time error.
 */
#pragma D option scratchsize=64

BEGIN
{
	copyin(0, 65);
	exit(0);
}
