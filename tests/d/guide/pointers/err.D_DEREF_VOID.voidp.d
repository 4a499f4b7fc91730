/*
 * Pointers and Arrays, generic pointers: a void * cannot be dereferenced
 * without first casting it to a typed pointer.
 */

void *vp;

BEGIN
{
	trace(*vp);
}
