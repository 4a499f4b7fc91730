/*
 * The ERROR probe fires on a runtime fault with DTrace for Linux's
 * arguments: arg1 the faulting probe's id (BEGIN's is 1), arg2 the
 * clause's place in the program (here 1, after ERROR's), arg3 the DIF
 * offset, arg4 the fault type (DTRACEFLT_DIVZERO is 4) and arg5 the
 * address (none for a division).
 */
#pragma D option quiet

ERROR
{
	printf("The arguments are %u %u %d %u\n", arg1, arg2, arg4, arg5);
	printf("offset %s\n", arg3 > 0 ? "set" : "missing");
	exit(0);
}

BEGIN
{
	i = 1;
	j = 2;
	j = i / (j - 2);
}
