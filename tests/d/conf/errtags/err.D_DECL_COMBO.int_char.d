/* two type names in one declaration */
int char x;

BEGIN
{
	exit(0);
}
