/* an associative array key of another type than its first use */
BEGIN
{
	a["x"] = 3;
	trace(a[1]);
}
