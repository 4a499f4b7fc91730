/*
 * An aggsize that cannot hold one entry of an aggregation stops the
 * enabling, as libdtrace does: "Enabling exceeds size of buffer".
 */
/* @@opts: -x aggsize=8 */
/* @@exit: 1 */

BEGIN
{
	@ = count();
	exit(0);
}
