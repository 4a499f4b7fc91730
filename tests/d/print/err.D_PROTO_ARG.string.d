/* print() takes a pointer: a string is not one */
BEGIN
{
	print(execname);
	exit(0);
}
