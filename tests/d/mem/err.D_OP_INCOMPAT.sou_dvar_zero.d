/* a struct-valued dynamic variable cannot be assigned 0 (to free it) */
struct pt { int x; int y; };
struct pt g;

BEGIN
{
	self->p = g;
	self->p = 0;
}
