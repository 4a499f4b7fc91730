/*
 * count() with no key, one key and two keys, printed at exit without a
 * printa(): aggregations in the order they were declared, no blank line
 * between them; within one, sorted by value then by key.  A string key
 * prints as "  %-50s", an int key (D's integer constants are ints) as
 * " %8d", a count as " %16lld".
 */
/* @@opts: -q */

BEGIN
{
	@none = count();
	@none = count();

	@one["y"] = count();
	@one["y"] = count();
	@one["x"] = count();
	@one["z"] = count();

	@two["k", 2] = count();
	@two["k", 2] = count();
	@two["k", 1] = count();
	@two["j", 5] = count();
	exit(0);
}
