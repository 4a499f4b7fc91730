/*
 * Variables, scalar variables: created by their first assignment, with
 * the type of the value assigned, or declared explicitly outside the
 * clauses; a declared variable reads as zero before any assignment.
 */
/* @@opts: -q */

int x;			/* an integer x */
int *y;			/* a pointer to an integer y */

BEGIN
{
	printf("%d %d\n", x, y == NULL);
	x = 123;
	s = "hello";
	printf("%d %s %d %d\n", x, s, sizeof (x), sizeof (y));
	exit(0);
}
