/* tracemem() traces memory at an address, not a string */
BEGIN
{
	tracemem("abc", 4);
}
