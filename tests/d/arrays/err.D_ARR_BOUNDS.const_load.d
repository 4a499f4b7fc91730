/* a constant subscript at the bound of a global array is refused */
int q[2];

BEGIN
{
	trace(q[2]);
}
