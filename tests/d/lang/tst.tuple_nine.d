/* nine keys is the most a tuple takes, in an associative array and in
 * an aggregation; -x tregs raises the bound */
/* @@opts: -q -x tregs=9 */

BEGIN
{
	a[0, 1, 2, 3, 4, 5, 6, 7, 8] = 1;
	b[0, 1, 2, 3, 4, 5, 6, 7, 8, 9] = 2;
	@[0, 1, 2, 3, 4, 5, 6, 7, 8] = count();
	printf("%d %d\n", a[0, 1, 2, 3, 4, 5, 6, 7, 8],
	    b[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
	exit(0);
}
