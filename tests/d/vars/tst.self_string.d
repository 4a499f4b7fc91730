/*
 * String thread-locals: assigned from constants and built-ins, copied
 * between variables, compared, and read before they are set (NULL, as
 * in DTrace, for a variable declared string).
 */
/* @@opts: -q */

self string unset;

BEGIN
{
	printf("%d\n", self->unset == NULL);
	self->a = "hello";
	self->b = self->a;
	self->a = "world";
	printf("%s %s %d %d\n", self->a, self->b, self->a == "world",
	    self->a == self->b);
}

BEGIN
{
	self->b = "again";
	printf("%s %s\n", self->a, self->b);
	exit(0);
}
