/* a thread-local scalar cannot then be subscripted */
BEGIN
{
	self->x = 1;
	self->x[1] = 2;
	exit(0);
}
