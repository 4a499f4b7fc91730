/*
 * Clauses for one probe run in program order, each after the previous
 * one's side effects; predicates select; one clause may name several
 * probes (probename tells which fired); END runs after exit().
 */
/* @@opts: -q */

BEGIN
{
	x = 1;
}

BEGIN
/x == 1/
{
	printf("first\n");
	x = 2;
}

BEGIN
/x == 1/
{
	printf("not reached\n");
}

BEGIN
/x == 2/
{
	printf("second\n");
}

BEGIN,
END
{
	printf("%s\n", probename);
}

dtrace:::BEGIN
{
	exit(0);
}

END
/x == 2/
{
	printf("end x=%d\n", x);
}
