/*
 * Assigning 0 to a dynamic variable frees its storage: with room for
 * two elements, deleting one makes room for a third without a drop.
 */
/* @@opts: -q -x dynvarsize=128 */

BEGIN
{
	a[1] = 1;
	a[2] = 2;
	a[1] = 0;
	a[3] = 3;
	printf("%d %d %d\n", a[1], a[2], a[3]);
	self->x = 5;
	self->x = 0;
	self->x -= 1;
	printf("%d\n", self->x);
	exit(0);
}
