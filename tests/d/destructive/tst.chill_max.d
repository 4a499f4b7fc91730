/*
 * chill() beyond DTrace's limit (500 ms per CPU per second, and never
 * more than 500 ms at once) is an illegal operation: the clause is
 * abandoned without spinning and the ERROR probe fires.
 */
/* @@opts: -q -w */

BEGIN
{
	chill(500000001);
	printf("not reached\n");
}

BEGIN
{
	chill(300000000);
	printf("first 300ms\n");
	chill(300000000);
	printf("not reached either\n");
}

ERROR
{
	printf("fault %d in clause %d\n", arg4, arg2);
}

BEGIN
{
	exit(0);
}
