/*
 * BEGIN fires before any other probe, its clauses in program order;
 * exit() in BEGIN makes END fire, after which the aggregations are
 * printed.
 */
/* @@opts: -q */

BEGIN
{
	printf("begin 1\n");
	n = 1;
}

BEGIN
{
	printf("begin 2 %d\n", n);
	n++;
	@a = sum(n);
	exit(0);
}

END
{
	printf("end %d\n", n);
}

tick-1ms
{
	printf("tick: must not fire\n");
}
