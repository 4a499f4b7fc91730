/* strlen( ) takes exactly one argument */
BEGIN
{
	trace(strlen("a", "b"));
}
