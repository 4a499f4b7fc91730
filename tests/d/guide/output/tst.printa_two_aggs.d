/*
 * Output Formatting chapter: printa() of several aggregations with one
 * format: their entries are joined on the keys, each %@ taking the next
 * aggregation's value (0 where a key has none).
 */
/* @@opts: -q */

BEGIN
{
	@count["read"] = count();
	@count["read"] = count();
	@count["write"] = count();
	@bytes["read"] = sum(4096);
	@bytes["read"] = sum(100);
	@bytes["open"] = sum(0);
	printa("%-6s %@3d calls %@6d bytes\n", @count, @bytes);
	exit(0);
}
