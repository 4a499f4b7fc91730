/* a stack is recorded, not a value of an expression */
BEGIN
{
	x = stack();
}
