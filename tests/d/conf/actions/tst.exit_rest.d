/*
 * exit() is an action: the rest of its clause and the later clauses of
 * the same firing still run and their output is printed; then END
 * fires.
 */
/* @@opts: -q */

BEGIN
{
	printf("before\n");
	exit(0);
	printf("after, same clause\n");
}

BEGIN
{
	printf("later clause\n");
}

END
{
	printf("end\n");
}
