/* arrays of different sizes are of different types */
self int a[4];
this int b[3];

BEGIN
{
	self->a = this->b;
}
