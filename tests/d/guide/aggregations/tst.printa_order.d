/*
 * Aggregations chapter: without printa(), aggregations are printed at
 * exit in the order they were introduced; one printed with printa() is
 * not printed again at exit.
 */
/* @@opts: -q */

BEGIN
{
	@second = count();
	@first = sum(5);
	@third = max(7);
	printa(@third);
	printf("end of BEGIN\n");
	exit(0);
}
