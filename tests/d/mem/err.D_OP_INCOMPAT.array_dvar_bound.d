/* a constant subscript past the end of an array variable */
self int a[4];

BEGIN
{
	self->a[4] = 1;
}
