/* clear() takes an aggregation. */
BEGIN
{
	x = 1;
	clear(x);
}
