/* an inline cannot take the name of a D subroutine */
inline int strlen = 3;

BEGIN
{
	exit(0);
}
