/*
 * Aggregations chapter, Data Normalization: normalize() divides the
 * printed values (per-second rates from a count over 10 s); the data is
 * kept, so denormalize() prints the raw counts again.
 */
/* @@opts: -q */

BEGIN
{
	@syscall["read"] = sum(105);
	@syscall["write"] = sum(48);
	@syscall["ioctl"] = sum(1000);
	normalize(@syscall, 10);
	printa(@syscall);
	denormalize(@syscall);
	printa(@syscall);
	exit(0);
}
