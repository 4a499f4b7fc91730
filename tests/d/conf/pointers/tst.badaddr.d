/*
 * Pointers and Arrays chapter, pointer safety: dereferencing an
 * invalid address does not crash; it aborts the clause with an
 * "invalid address" error and tracing continues, so a later clause
 * still runs.
 */
/* @@opts: -q */

BEGIN
{
	x = *(int *)8;
	printf("not reached\n");
}

BEGIN
{
	printf("continued\n");
	exit(0);
}
