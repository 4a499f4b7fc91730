/*
 * printa() with a format and a histogram: %@d draws the histogram.
 */
/* @@opts: -q */

BEGIN
{
	@q["a"] = quantize(4);
	printa("key %s:%@d\n", @q);
	exit(0);
}
