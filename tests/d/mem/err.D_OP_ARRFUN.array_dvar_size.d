/* an array variable cannot be assigned, even an array of its own kind */
self int a[4];
this int b[3];

BEGIN
{
	self->a = this->b;
}
