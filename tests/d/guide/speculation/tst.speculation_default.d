/*
 * Speculative Tracing / Actions chapters: a clause holding only
 * speculate() speculatively traces the default action; once committed,
 * the probe's line appears as the default action's would.
 */

BEGIN
{
	s = speculation();
}

BEGIN
{
	speculate(s);
}

BEGIN
{
	commit(s);
}

BEGIN
{
	exit(0);
}
