/* A clause-local variable read before it is assigned or declared. */

BEGIN
{
	trace(this->x);
}
