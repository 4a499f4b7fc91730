/* sym() wants an address, not a string */
BEGIN
{
	trace(sym("a"));
}
