/*
 * Aggregations chapter (sorting options): aggregations print sorted by
 * value by default; aggsortkey sorts by key instead, and aggsortrev
 * reverses the order.
 */
/* @@opts: -q */

BEGIN
{
	@v["b"] = sum(1);
	@v["a"] = sum(3);
	@v["c"] = sum(2);
	printa(@v);
	setopt("aggsortkey");
	printa(@v);
	setopt("aggsortrev");
	printa(@v);
	exit(0);
}
