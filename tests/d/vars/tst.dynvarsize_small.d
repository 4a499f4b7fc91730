/*
 * A dynvarsize too small for a single element of the program's dynamic
 * variables refuses to enable tracing, as DTrace does (one int[int]
 * element takes 20 bytes).
 */
/* @@opts: -q -x dynvarsize=19 */
/* @@exit: 1 */

BEGIN
{
	a[1] = 1;
	exit(0);
}
