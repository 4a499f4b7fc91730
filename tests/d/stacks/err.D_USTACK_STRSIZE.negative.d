/* ustack()'s string size is a constant of at least zero */
BEGIN
{
	ustack(5, -1);
}
