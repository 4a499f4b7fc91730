/*
 * Several commit() and discard() calls in one clause (allowed by DTrace
 * for Linux): the committed speculations print in the order of their
 * commits, the discarded ones never; a commit of a speculation already
 * discarded in the same clause is ignored.
 */
#pragma D option quiet
#pragma D option nspec=4

BEGIN
{
	s1 = speculation();
	s2 = speculation();
	s3 = speculation();
	s4 = speculation();
}
BEGIN { speculate(s1); printf("first %d\n", s1); }
BEGIN { speculate(s2); printf("second %d\n", s2); }
BEGIN { speculate(s3); printf("third %d\n", s3); }
BEGIN { speculate(s4); printf("fourth %d\n", s4); }
BEGIN
{
	commit(s3);
	discard(s2);
	commit(s1);
	commit(s2);
	discard(s4);
}
BEGIN { printf("done\n"); exit(0); }
