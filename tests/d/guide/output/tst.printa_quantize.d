/*
 * Output Formatting chapter: printa() with %@ on a quantize()
 * aggregation prints the histogram in place of the conversion.
 */
/* @@opts: -q */

BEGIN
{
	@q["sizes"] = quantize(1);
	@q["sizes"] = quantize(7);
	printa("histogram of %s:%@d\n", @q);
	exit(0);
}
