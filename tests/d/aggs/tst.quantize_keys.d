/*
 * quantize() keyed by a string, values from a variable; each key's
 * histogram after its key line, sorted by the sum of the values.
 */
/* @@opts: -q */

BEGIN
{
	i = 1;
	@q["big"] = quantize(i << 20);
	@q["small"] = quantize(i);
	@q["small"] = quantize(i + 1);
	exit(0);
}
