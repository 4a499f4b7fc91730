/* tracemem()'s third argument is a length */
BEGIN
{
	tracemem(0, 4, "two");
}
