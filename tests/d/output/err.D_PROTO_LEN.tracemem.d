/* tracemem() takes at least two arguments */
BEGIN
{
	tracemem(0);
}
