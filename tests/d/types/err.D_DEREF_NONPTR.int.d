/* unary * needs a pointer or an array */
BEGIN
{
	trace(*pid);
}
