/* ustack() wants a positive constant frame count */
BEGIN
{
	ustack(arg0);
}
