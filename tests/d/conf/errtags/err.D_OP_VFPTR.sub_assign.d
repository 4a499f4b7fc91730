/* an integer minus-assigned a void pointer: no operand of known size */
int total;

BEGIN
{
	total = 10;
	total -= alloca(4);
	exit(0);
}
