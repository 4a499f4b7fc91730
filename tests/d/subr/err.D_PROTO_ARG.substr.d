/* substr( )'s index must be an integer */
BEGIN
{
	trace(substr("abc", "1"));
}
