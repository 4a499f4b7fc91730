/* print() of a void pointer: nothing with a size to print */
BEGIN
{
	print((void *)arg0);
	exit(0);
}
