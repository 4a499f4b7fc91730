/* the result of & is not an lvalue */
int w[2];

BEGIN
{
	&w[0] = 0;
}
