/*
 * trunc(@, n) keeps the n largest values, trunc(@, -n) the n smallest;
 * trunc(@) empties the aggregation.
 */
/* @@opts: -q */

BEGIN
{
	@a["a"] = sum(1); @a["b"] = sum(2); @a["c"] = sum(3); @a["d"] = sum(4);
	@b["a"] = sum(1); @b["b"] = sum(2); @b["c"] = sum(3); @b["d"] = sum(4);
	@c["a"] = sum(1);
	trunc(@a, 2);
	trunc(@b, -2);
	trunc(@c);
	printa(@a);
	printa(@b);
	printa(@c);
	printf("end\n");
	exit(0);
}
