/* %k wants a stack */
BEGIN
{
	printf("%k", 1);
}
