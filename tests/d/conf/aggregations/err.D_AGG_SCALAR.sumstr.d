/* sum() takes an integer, not a string. */
BEGIN
{
	@a = sum("x");
}
