/*
 * printa() of aggregations whose keys differ: reported on the printa()
 * line (DTrace checks them as it compiles the call), with the details.
 */
BEGIN
{
	@foo[1] = sum(1);
	@bar["x"] = sum(2);

	printa("%d %@d %@d\n", @foo, @bar);
}
