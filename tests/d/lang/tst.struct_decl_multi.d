/*
 * One struct definition may declare several variables at once, and a
 * later declaration may use the type by its tag.
 */
/* @@opts: -q */

struct out { int a; char b; } x, y;
struct out z;

BEGIN
{
	x.a = 1;
	y.a = 2;
	z.b = 'c';
	printf("%d %d %c %d\n", x.a, y.a, z.b, sizeof (struct out));
	exit(0);
}
