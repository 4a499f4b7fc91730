/* an action is void in an expression: unary minus wants arithmetic */
BEGIN
{
	x = 1 - -printf("a");
}
