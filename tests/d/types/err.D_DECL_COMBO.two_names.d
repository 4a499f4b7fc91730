/* a repeated type name is a combination C and D reject */
BEGIN
{
	x = (int int)1;
}
