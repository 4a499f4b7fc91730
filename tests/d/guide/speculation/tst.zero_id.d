/*
 * Speculative Tracing chapter: an ID of zero is always invalid but may be
 * passed to speculate(), commit() and discard(); data speculated to it
 * is dropped silently.
 */
/* @@opts: -q */

BEGIN
{
	speculate(0);
	printf("never printed\n");
}

BEGIN
{
	commit(0);
	discard(0);
}

BEGIN
{
	printf("done\n");
	exit(0);
}
