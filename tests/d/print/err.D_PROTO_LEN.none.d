/* print() takes exactly one argument */
BEGIN
{
	print();
	exit(0);
}
