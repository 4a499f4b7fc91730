/* alloca( ) of a size known only at run time */
BEGIN
{
	p = alloca(arg0);
}
