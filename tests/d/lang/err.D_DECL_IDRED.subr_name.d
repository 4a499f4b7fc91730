/* a subroutine's name is a built-in identifier: no variable may take it
 * (in a D version that has the subroutine: 1.1 and later for strstr) */
int strstr;

BEGIN
{
	exit(0);
}
