/*
 * Aggregations chapter, Clearing: clear() zeroes the values but keeps
 * the keys, which print with 0.
 */
/* @@opts: -q */

BEGIN
{
	@c["read"] = count();
	@c["write"] = count();
	@c["write"] = count();
	printa(@c);
	clear(@c);
	printa(@c);
	exit(0);
}
