/*
 * d_path() of a bad struct path pointer faults: ERROR sees
 * DTRACEFLT_BADADDR and the address read.
 */
/* @@opts: -q */

ERROR
{
	printf("fault %d addr 0x%x\n", arg4, arg5);
	exit(0);
}

BEGIN
{
	trace(d_path((struct path *)0x18));
	exit(1);
}
