/*
 * printa() of several aggregations with one format: joined on their
 * keys, each %@ taking the next aggregation's value (0 where it has no
 * entry; %@ past the last aggregation repeats the last), sorted by the
 * first aggregation's value.
 */
/* @@opts: -q */

BEGIN
{
	@a["p"] = count();
	@a["q"] = count();
	@a["q"] = count();
	@b["q"] = sum(20);
	@b["r"] = sum(5);
	@c["q"] = avg(7);
	@c["p"] = avg(3);
	printa("%s %@d %@d|\n", @a, @b);
	printa("%-4s %@3d %@3d %@3d %@3d.\n", @a, @b, @c);
	printa("%s %@d\n", @a, @b);
	exit(0);
}
