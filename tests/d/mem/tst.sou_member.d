/*
 * Struct assignment into members and elements: of a global, and through
 * a pointer to alloca'd memory; the nested struct then read and updated
 * member by member.
 */
#pragma D option quiet

struct pt { int x; int y; };
struct box { int id; struct pt s; struct pt arr[2]; };
struct box g;
struct pt h;

BEGIN
{
	h.x = 3; h.y = 4;
	g.s = h;
	g.arr[1] = h;
	i = 0;
	g.arr[i] = g.s;
	p = (struct box *)alloca(sizeof (struct box));
	p->s = g.s;
	p->arr[0] = h;
	p->s.x++;
	printf("%d %d %d %d\n", g.s.x, g.s.y, g.arr[1].y, g.arr[0].x);
	printf("%d %d %d\n", p->s.x, p->s.y, p->arr[0].x);
	self->s = p->s;
	g.arr[1] = self->s;
	printf("%d %d\n", g.arr[1].x, g.arr[1].y);
	exit(0);
}
