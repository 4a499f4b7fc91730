/* long and short do not apply to char */
long char x;

BEGIN
{
	exit(0);
}
