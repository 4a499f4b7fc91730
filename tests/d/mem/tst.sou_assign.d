/*
 * Whole-struct assignment between globals, from alloca'd memory and
 * from a new global.
 */
#pragma D option quiet

struct pt { int x; int y; };
struct pt a, b;

BEGIN
{
	a.x = 1; a.y = 2;
	b = a;
	c = b;
	p = (struct pt *)alloca(sizeof (struct pt));
	p->x = 5; p->y = 6;
	a = *p;
	printf("%d %d %d %d %d %d\n", b.x, b.y, c.x, c.y, a.x, a.y);
	exit(0);
}
