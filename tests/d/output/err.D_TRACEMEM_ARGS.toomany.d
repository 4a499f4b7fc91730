/* tracemem() takes at most three arguments */
BEGIN
{
	tracemem(0, 4, 2, 1);
}
