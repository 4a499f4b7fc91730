/*
 * quantize(): the top bucket (2^62 to INT64_MAX) holds the largest
 * values, and an aggregation whose only data is there prints it.
 */
#pragma D option quiet

BEGIN
{
	big = 0x7fffffffffffffff;
	@top = quantize(big, 3);
	@top = quantize(big - 1);
	@top = quantize(0x4000000000000000);
	@mix = quantize(big);
	@mix = quantize(0x2000000000000000, 2);
	exit(0);
}
