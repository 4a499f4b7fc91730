/*
 * A thread-local associative array shares the dynamic variable bound:
 * dynvarsize=40 holds two int[int] elements (DTrace's 16-byte tuple and
 * 4-byte value each), so further insertions are dropped and counted,
 * while updates of existing elements succeed.
 */
/* @@opts: -q -x dynvarsize=40 */

BEGIN
{
	self->a[1] = 1;
	self->a[2] = 2;
	self->a[3] = 3;
	self->a[2] = 22;
	printf("%d %d %d\n", self->a[1], self->a[2], self->a[3]);
	exit(0);
}
