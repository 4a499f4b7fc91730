/*
 * A full dynamic variable space drops the assignment and counts it; the
 * consumer reports the drops as DTrace does.  dynvarsize=40 leaves room
 * for two int[int] elements (DTrace's 16-byte tuple and 4-byte value
 * each).
 */
/* @@opts: -q -x dynvarsize=40 */

BEGIN
{
	a[1] = 1;
	a[2] = 2;
	a[3] = 3;
	a[4] = 4;
	a[5] = 5;
	a[2] = 22;
	printf("%d %d %d %d %d\n", a[1], a[2], a[3], a[4], a[5]);
	exit(0);
}
