/*
 * Keyed aggregations print one line per key, ordered by value, ties
 * by key; integer and string keys in tuples.
 */
/* @@opts: -q */

BEGIN
{
	@a["cat", 2] = sum(30);
	@a["dog", 1] = sum(10);
	@a["ant", 3] = sum(20);
	@a["bee", 3] = sum(10);
	exit(0);
}
