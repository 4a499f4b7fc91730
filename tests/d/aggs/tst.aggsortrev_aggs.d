/*
 * With aggsortrev, the aggregations listed at exit come in reverse
 * order too (DTrace sorts all their entries by aggregation, then by
 * value or key, and reverses the whole order), and signed keys sort
 * as unsigned integers of their size.
 */
/* @@opts: -q -x aggsortrev -x aggsortkey */

BEGIN
{
	@first[(char)-1] = sum(1);
	@first[(char)1] = sum(2);
	@second[-1] = sum(3);
	@second[1] = sum(4);
	exit(0);
}
