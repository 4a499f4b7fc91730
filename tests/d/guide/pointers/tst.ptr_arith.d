/*
 * Pointers and Arrays, pointer arithmetic: the Guide's int *x traced as
 * x, x + 1 and x + 2 gives 0, 4 and 8: adding n to a pointer adds n
 * times the size of the pointed-to type.  Subtracting two pointers
 * gives the number of objects between them.
 */
/* @@opts: -q */

int *x;

BEGIN
{
	printf("%d %d %d\n", (long)x, (long)(x + 1), (long)(x + 2));
	p = (long *)0x1000;
	q = p + 3;
	printf("%d %d\n", q - p, (char *)q - (char *)p);
	exit(0);
}
