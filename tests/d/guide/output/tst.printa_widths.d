/*
 * Output Formatting chapter, printa(): the %@ conversion takes width and
 * flags like %d; the key conversions use the tuple's elements in order.
 */
/* @@opts: -q */

BEGIN
{
	@c["read", 3] = sum(1200);
	@c["write", 1] = sum(34);
	printa("%-8s fd=%d total=%@8d|\n", @c);
	printa("%8s %-3d %@-6d|\n", @c);
	exit(0);
}
