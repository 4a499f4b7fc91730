/*
 * A thread-local variable first assigned a char array would be an
 * array, and D does not assign arrays: declare it string instead.
 */
BEGIN
{
	self->comm = curthread->comm;
	exit(0);
}
