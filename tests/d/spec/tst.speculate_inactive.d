/*
 * speculate() on id 0 (no speculation available), on an id that is
 * not active or on one past nspec (-1 too) skips the rest of its clause,
 * without a fault, as in Oracle's DTrace; the other clauses of the
 * firing still run.
 */
#pragma D option quiet

BEGIN
{
	ran = 0;
	sid = speculation();
	none = speculation();		/* nspec is 1: this one is 0 */
}
BEGIN { speculate(none); ran++; printf("lost\n"); }
BEGIN { speculate(-1); ran++; printf("lost\n"); }
BEGIN { speculate(2); ran++; printf("lost\n"); }
BEGIN { discard(sid); }
BEGIN { speculate(sid); ran++; printf("lost too\n"); }
BEGIN { printf("ran %d none %d\n", ran, none); exit(0); }
