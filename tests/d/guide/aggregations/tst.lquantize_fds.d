/*
 * Aggregations chapter: lquantize() of file descriptors, in a linear
 * range 0..100 with step 1 (the Guide's write(2) fd example, with fixed
 * values so the layout is exact): values below the range go to the
 * "< 0" row, above it to ">= 100".
 */
/* @@opts: -q */

BEGIN
{
	@fds["wl"] = lquantize(1, 0, 100, 1);
	@fds["wl"] = lquantize(1, 0, 100, 1);
	@fds["wl"] = lquantize(3, 0, 100, 1);
	@fds["wl"] = lquantize(5, 0, 100, 1);
	@fds["wl"] = lquantize(5, 0, 100, 1);
	@fds["wl"] = lquantize(5, 0, 100, 1);
	exit(0);
}
