/* %@ conversions belong to printa(), not printf(). */
BEGIN
{
	printf("%@d\n", 1);
}
