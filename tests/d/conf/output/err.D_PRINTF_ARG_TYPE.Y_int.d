/*
 * %Y wants a 64-bit integer: a plain int constant is refused, as in
 * DTrace.
 */
BEGIN
{
	printf("%Y\n", 0);
}
