/*
 * An aggregating function's value and increment are used in 64 bits as
 * computed, not narrowed to their type: they are not stored anywhere.
 * 1 << 40 is an int whose value is 2^40; (1 << 63) - 1 is INT64_MAX, so
 * one more makes the bucket wrap to INT64_MIN, as in DTrace.
 */
/* @@opts: -q */

BEGIN
{
	x = 40;
	@s = sum(1 << x);
	@q = lquantize(1, 0, 4, 1, (1 << 63) - 1);
	@q = lquantize(1, 0, 4, 1);
	@q = lquantize(2, 0, 4, 1, (1 << 63) - 1);
	exit(0);
}
