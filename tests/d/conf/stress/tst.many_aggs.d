/*
 * Verifier stress: many aggregations of every kind updated in one
 * clause, with integer, string and tuple keys.
 */
/* @@opts: -q */

BEGIN
{
	@c = count();
	@s = sum(10);
	@mn = min(3);
	@mx = max(7);
	@av = avg(4);
	@q = quantize(100);
	@l = lquantize(5, 0, 10, 1);
	@k1[execname] = count();
	@k2[1, "two"] = sum(3);
	@k3[pid == $pid, probename] = max(9);
	@k4["x"] = min(-1);
	@k5[1] = avg(8);
	@k6[2] = quantize(1);
	@k7[3] = lquantize(2, 0, 4, 1);
	@sd = stddev(5);
	exit(0);
}

END
{
	printa("%@d ", @c);
	printa("%@d ", @s);
	printa("%@d ", @mn);
	printa("%@d ", @mx);
	printa("%@d ", @av);
	printa("%@d\n", @sd);
	printa("%s %@d\n", @k1);
	printa("%d %s %@d\n", @k2);
	printa("%d %s %@d\n", @k3);
	printa("%s %@d\n", @k4);
	printa("%d %@d\n", @k5);
}
