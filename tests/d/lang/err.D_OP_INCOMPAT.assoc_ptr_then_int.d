/* an associative array's values keep the type of the first one */
BEGIN
{
	self->a[1] = curthread;
	self->a[2] = pid;
}
