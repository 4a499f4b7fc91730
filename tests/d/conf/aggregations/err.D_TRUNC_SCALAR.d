/* trunc() takes an integer count. */
BEGIN
{
	@a[1] = count();
	trunc(@a, "x");
}
