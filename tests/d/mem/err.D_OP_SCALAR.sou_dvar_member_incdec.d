/* ++ of a char-array member of a struct-valued dynamic variable */
struct rec { int id; char name[8]; };
self struct rec sr;

BEGIN
{
	self->sr.name++;
}
