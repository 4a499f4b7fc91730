/*
 * Speculative Tracing chapter: data traced speculatively in several
 * clauses is committed together, in the order it was traced, and
 * appears after non-speculative output traced before the commit.
 */
/* @@opts: -q */

BEGIN
{
	s = speculation();
}

BEGIN
{
	speculate(s);
	printf("spec one\n");
}

BEGIN
{
	printf("not speculative\n");
}

BEGIN
{
	speculate(s);
	printf("spec two %d\n", 2);
}

BEGIN
{
	commit(s);
}

BEGIN
{
	exit(0);
}
