/* caller is not implemented yet: a located D_UNSUPPORTED error */
BEGIN
{
	trace(caller);
}
