/*
 * Variables chapter: thread-local variables may be declared with a
 * type ("self int x;").
 */
/* @@opts: -q */

self uint8_t small;
self string name;

BEGIN
{
	self->small = 257;
	self->name = execname;
	printf("%d %s\n", self->small, self->name);
	exit(0);
}
