/*
 * aggzoom scales the bars of quantize(), lquantize() and llquantize()
 * so that the highest bucket is 95% of the bar (38 of 40 columns), the
 * others in proportion, instead of each being its share of the total.
 * setopt() turns it off again for the following printa().
 */
/* @@opts: -q -x aggzoom */

BEGIN
{
	@q = quantize(1);
	@q = quantize(2, 3);
	@q = quantize(100, 9);
	@l = lquantize(-5, -10, 10, 5, 5);
	@l = lquantize(7, -10, 10, 5, 2);
	@ll = llquantize(42, 10, 0, 3, 10, 2);
	@ll = llquantize(500, 10, 0, 3, 10);
	printa(@q);
	printa(@l);
	printa(@ll);
	setopt("aggzoom", "0");
	printa(@q);
	exit(0);
}
