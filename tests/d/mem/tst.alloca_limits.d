/*
 * scratchsize bounds what alloca() may take ("out of scratch space"),
 * and a bcopy() of a size no scratch can hold is DTrace's "invalid size",
 * its size shown; ERROR sees the fault kinds (DTRACEFLT_NOSCRATCH,
 * DTRACEFLT_BADSIZE).
 */
/* @@opts: -q -x scratchsize=64 */

BEGIN
{
	n = 65;
	p = alloca(n);
	printf("not reached\n");
}

BEGIN
{
	bcopy("bad news", alloca(1), -1);
	printf("not reached\n");
}

ERROR
{
	printf("%d %d\n", arg4 == DTRACEFLT_NOSCRATCH, arg4 == DTRACEFLT_BADSIZE);
}

BEGIN
{
	exit(0);
}
