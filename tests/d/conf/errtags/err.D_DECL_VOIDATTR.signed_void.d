/* attributes do not apply to void */
signed void x;

BEGIN
{
	exit(0);
}
