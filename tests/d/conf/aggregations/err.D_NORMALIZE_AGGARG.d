/* normalize() takes an aggregation. */
BEGIN
{
	x = 1;
	normalize(x, 2);
}
