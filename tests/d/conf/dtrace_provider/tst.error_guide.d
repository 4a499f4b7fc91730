/*
 * The Guide's ERROR example: a NULL dereference in BEGIN abandons the
 * clause, fires ERROR, and DTrace reports the fault; tracing goes on.
 */

BEGIN
{
	*(char *)NULL;
}

ERROR
{
	printf("Hit an error!");
}

BEGIN
{
	exit(0);
}
