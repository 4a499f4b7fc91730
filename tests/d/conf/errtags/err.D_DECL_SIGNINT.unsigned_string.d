/* signed and unsigned apply to integers only */
unsigned string x;

BEGIN
{
	exit(0);
}
