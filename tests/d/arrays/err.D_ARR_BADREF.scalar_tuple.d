/* a declared array takes one subscript, not an associative tuple */
int v[3];

BEGIN
{
	v[0, 1] = 2;
}
