/*
 * normalize() divides every value by the factor when printed;
 * denormalize() restores the raw values.  The data are unchanged.
 */
/* @@opts: -q */

BEGIN
{
	@a["x"] = sum(1000);
	@a["y"] = sum(250);
	normalize(@a, 100);
	printa(@a);
	denormalize(@a);
	printa(@a);
	exit(0);
}
