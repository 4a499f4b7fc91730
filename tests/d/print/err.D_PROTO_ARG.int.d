/* print() takes a pointer: an integer is not one */
BEGIN
{
	print(1);
	exit(0);
}
