/* a store into a member of a struct-valued dynamic variable */
struct pt { int x; int y; };
struct pt g;

BEGIN
{
	self->p = g;
	self->p.x = 1;
}
