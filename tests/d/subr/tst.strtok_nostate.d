/*
 * strtok(NULL, ...) with no string to go on with faults, as DTrace's
 * reading of its NULL saved pointer does: before any strtok of a string
 * in the firing, and after a strtok of the empty string.  The fault is
 * an invalid address 0 at a DIF offset, in the subroutine itself.  A
 * string whose tokens ran out gives NULL instead, as often as asked.
 */
#pragma D option quiet

ERROR
{
	printf("fault %d in clause %u, address %u, offset %s\n", arg4, arg2,
	    arg5, arg3 > 0 ? "set" : "missing");
}

BEGIN
{
	printf("not reached %d\n", strtok(NULL, ",") == NULL);
}

BEGIN
{
	printf("[%s]", strtok("a,b", ","));
	printf(" [%s]", strtok(NULL, ","));
	printf(" %d", strtok(NULL, ",") == NULL);
	printf(" %d\n", strtok(NULL, ",") == NULL);
}

BEGIN
{
	printf("%d\n", strtok("", ",") == NULL);
}

BEGIN
{
	printf("not reached %d\n", strtok(NULL, ",") == NULL);
}

BEGIN
{
	exit(0);
}
