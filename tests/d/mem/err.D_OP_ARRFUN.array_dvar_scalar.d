/* an array variable cannot be assigned a scalar (nor cleared with 0) */
self int a[4];

BEGIN
{
	self->a = 0;
}
