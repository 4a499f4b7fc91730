/*
 * Pointers and Arrays chapter, pointer arithmetic: adding an integer
 * to a pointer scales by the size of the pointed-to type; the
 * difference of two pointers is in elements; pointers compare.
 */
/* @@opts: -q */

BEGIN
{
	p = (int *)0x1000;
	q = p + 4;
	printf("%x %x %d\n", (uintptr_t)q, (uintptr_t)(q - 1), q - p);
	l = (long *)0x1000;
	printf("%x\n", (uintptr_t)(l + 2));
	c = (char *)0x1000;
	printf("%x\n", (uintptr_t)(c + 2));
	printf("%d %d %d\n", p < q, p == p, q != p);
	printf("%d %d\n", sizeof (p), sizeof (*p));
	exit(0);
}
