/* a declaration has no initialiser in D */
int x = 5;

BEGIN
{
	exit(0);
}
