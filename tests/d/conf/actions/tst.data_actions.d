/*
 * Data recording actions write in clause order into one record per
 * clause: trace(), printf(), printa() and stack-free built-ins mixed.
 */
/* @@opts: -q */

BEGIN
{
	@c["k"] = count();
	trace("t1 ");
	printf("p1 ");
	printa("%s=%@d ", @c);
	trace(2);
	printf("\n");
	exit(0);
}
