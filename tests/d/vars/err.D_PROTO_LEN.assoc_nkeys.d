/* an associative array used with a different number of keys */
BEGIN
{
	a[1, 2] = 3;
	trace(a[1]);
}
