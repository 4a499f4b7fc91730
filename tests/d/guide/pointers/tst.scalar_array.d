/*
 * Pointers and Arrays, array declarations and storage: the Guide's int
 * a[5], a scalar array of five consecutive integers indexed from 0, its
 * size being five times sizeof (int).
 */
/* @@opts: -q */

int a[5];

BEGIN
{
	a[0] = 1;
	a[4] = 5;
	printf("%d %d %d\n", a[0], a[2], a[4]);
	printf("%d\n", sizeof (a));
	exit(0);
}
