/* void * has no element size: no pointer arithmetic on it */
void *vp;

BEGIN
{
	trace(vp + 1);
}
