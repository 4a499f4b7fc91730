/* print() is not implemented yet: a located D_UNSUPPORTED error */
BEGIN
{
	print(1);
}
