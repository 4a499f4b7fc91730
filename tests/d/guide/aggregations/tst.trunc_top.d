/*
 * Aggregations chapter, Truncating: the Guide's "top ten" idiom, here a
 * top three: trunc(@, 3) before printa() keeps the three keys with the
 * largest values, printed smallest first as usual.
 */
/* @@opts: -q */

BEGIN
{
	@calls["sh", "read"] = sum(2);
	@calls["sh", "write"] = sum(1);
	@calls["cat", "read"] = sum(5);
	@calls["cat", "close"] = sum(1);
	@calls["ls", "getdents"] = sum(9);
	trunc(@calls, 3);
	printa("%-4s %-10s %@3d\n", @calls);
	exit(0);
}
