/*
 * A fault ends its own clause only: the ERROR probe fires, and the
 * other clauses of the same probe firing still run.
 */
#pragma D option quiet

ERROR
{
	printf("Error fired\n");
}

BEGIN
{
	x = 0;
	printf("not printed: the clause's record is dropped\n");
	y = 10 % x;
}

BEGIN
{
	printf("Clause executed\n");
	exit(0);
}
