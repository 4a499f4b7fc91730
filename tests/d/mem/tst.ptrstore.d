/*
 * Stores through pointers into alloca'd memory: members, bit-fields,
 * char arrays, elements, every assignment operator and ++/--, read back.
 */
#pragma D option quiet

struct pt { int x; int y; char name[8]; unsigned int f:3, g:5; };

BEGIN
{
	p = (struct pt *)alloca(sizeof (struct pt));
	p->x = 3; p->y = 4; p->x += 10; p->y++; ++p->y; p->y--;
	p->name = "hello";
	p->f = 9; p->g = 31; p->g += 2;
	printf("%d %d %s %d %d\n", p->x, p->y, stringof(p->name), p->f, p->g);
	q = (int *)alloca(4 * sizeof (int));
	*q = 7; q[1] = 8; q[2] = q[0] + q[1]; q[3] = 1; q[3] <<= 4;
	q[3] |= 3; q[1] *= 5; q[0] -= 9; q[2] %= 4;
	printf("%d %d %d %d\n", q[0], q[1], q[2], q[3]);
	(*p).x = 99;
	printf("%d\n", p->x);
	exit(0);
}
