/* An associative array named without a subscript is not a scalar. */

BEGIN
{
	counts["a"] = 1;
	x = counts + 1;
	exit(0);
}
