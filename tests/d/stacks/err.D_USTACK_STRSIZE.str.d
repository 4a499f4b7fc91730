/* ustack()'s string size must be an integer constant */
BEGIN
{
	ustack(5, "x");
}
