/*
 * Pointers and Arrays chapter, scalar arrays: a declared global array
 * of fixed size, indexed like C, zero-initialized; sizeof is the whole
 * array.
 */
/* @@opts: -q */

int a[5];
char name[8];

BEGIN
{
	a[0] = 10;
	a[4] = 50;
	a[2] = a[0] + a[4];
	printf("%d %d %d %d\n", a[0], a[1], a[2], a[4]);
	printf("%d %d\n", sizeof (a), sizeof (a) / sizeof (a[0]));
	printf("%d\n", sizeof (name));
	exit(0);
}
