/* long applies to arithmetic types only */
long string x;

BEGIN
{
	exit(0);
}
