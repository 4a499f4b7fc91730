/* stack() wants a positive constant frame count */
BEGIN
{
	stack(0);
}
