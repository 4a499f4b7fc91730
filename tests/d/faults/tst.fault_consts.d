/*
 * The DTRACEFLT_* constants name the ERROR probe's fault kinds (arg4).
 */
#pragma D option quiet

BEGIN
{
	zero = 0;
	n = 7 % zero;
}

ERROR
{
	printf("%d %d %d\n", arg4 == DTRACEFLT_DIVZERO,
	    arg4 == DTRACEFLT_BADADDR, DTRACEFLT_LIBRARY);
	printf("%d %d %d %d %d %d %d %d %d %d\n", DTRACEFLT_UNKNOWN,
	    DTRACEFLT_BADADDR, DTRACEFLT_BADALIGN, DTRACEFLT_ILLOP,
	    DTRACEFLT_DIVZERO, DTRACEFLT_NOSCRATCH, DTRACEFLT_KPRIV,
	    DTRACEFLT_UPRIV, DTRACEFLT_TUPOFLOW, DTRACEFLT_BADSTACK);
	printf("%d %d\n", DTRACEFLT_BADSIZE, DTRACEFLT_BADINDEX);
	exit(0);
}
