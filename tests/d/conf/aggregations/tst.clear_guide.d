/*
 * clear() zeroes the values but keeps the keys.
 */
/* @@opts: -q */

BEGIN
{
	@a["a"] = sum(5);
	@a["b"] = sum(7);
	clear(@a);
	printa(@a);
	@a["b"] = sum(1);
	exit(0);
}
