/* tracemem()'s size must be positive */
BEGIN
{
	tracemem(0, 0);
}
