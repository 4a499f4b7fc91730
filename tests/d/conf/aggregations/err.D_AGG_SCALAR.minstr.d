/* min() takes a scalar, not a string. */
BEGIN
{
	@a[pid] = min(probefunc);
}
