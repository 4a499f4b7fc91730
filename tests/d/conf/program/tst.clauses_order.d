/*
 * Program Structure chapter: clauses for the same probe run in program
 * order; a clause may have several probe descriptions.
 */
/* @@opts: -q */

BEGIN
{
	printf("first\n");
}

BEGIN, END
{
	printf("%s\n", probename);
}

BEGIN
{
	printf("third\n");
	exit(0);
}

END
{
	printf("end\n");
}
