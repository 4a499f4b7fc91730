/*
 * Aggregations / Output Formatting: printa() with a format string, as if
 * printf() were applied to each tuple and the aggregation's value (%@d);
 * the tuple need not appear whole in the format.
 */
/* @@opts: -q */

BEGIN
{
	@a["hello", 123] = count();
	@a["goodbye", 456] = count();
	@a["goodbye", 456] = count();
	printa("%s %d: %@d\n", @a);
	printa("%-10s %@5d|\n", @a);
	printa("only the value %@d\n", @a);
	exit(0);
}
