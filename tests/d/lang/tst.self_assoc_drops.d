/*
 * A thread-local associative array shares the dynamic variable bound:
 * with dynvarsize=144 its map holds two int[int] elements (8-byte thread
 * + 8-byte key + 8-byte value + overhead each), so further insertions
 * are dropped and counted, while updates of existing elements succeed.
 */
/* @@opts: -q -x dynvarsize=144 */

BEGIN
{
	self->a[1] = 1;
	self->a[2] = 2;
	self->a[3] = 3;
	self->a[2] = 22;
	printf("%d %d %d\n", self->a[1], self->a[2], self->a[3]);
	exit(0);
}
