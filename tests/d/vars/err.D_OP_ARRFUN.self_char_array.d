/* A declared char array cannot be assigned as a whole. */
self char buf[8];

BEGIN
{
	self->buf = "hello";
}
