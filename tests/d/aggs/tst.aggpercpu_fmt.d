/*
 * aggpercpu with printa() and a format: as in Oracle's DTrace, only
 * printa() without a format (its default output) lists each CPU's value;
 * a format prints the merged values alone, one line per entry, joined
 * printa()s included.
 */
/* @@opts: -q -x aggpercpu */

BEGIN
{
	@c["x"] = count();
	@s["x"] = sum(5);
	@s["y"] = sum(2);
	@a["x"] = avg(4);
	printa("%s count %@d\n", @c);
	printa("%s sum %@d\n", @s);
	printa("%s %@d %@d\n", @s, @a);
	exit(0);
}
