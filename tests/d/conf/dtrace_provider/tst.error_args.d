/*
 * ERROR's arguments: arg1 the faulting probe's id (BEGIN's: 1),
 * arg4 the fault type (DTRACEFLT_BADADDR is 1), arg5 the address.
 */
/* @@opts: -q */

BEGIN
{
	x = *(int *)64;
}

ERROR
{
	printf("probe %d fault %d addr %d\n", arg1, arg4, arg5);
	exit(0);
}
