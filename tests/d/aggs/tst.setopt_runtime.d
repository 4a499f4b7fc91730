/*
 * setopt()'s name and value may be computed at run time: they are
 * recorded as strings and applied by the consumer, so each printa()
 * below sorts by the aggregation lltostr() names.
 */
/* @@opts: -q */

BEGIN
{
	@a[1] = sum(3);
	@a[2] = sum(2);
	@a[3] = sum(1);
	@b[1] = sum(1);
	@b[2] = sum(3);
	@b[3] = sum(2);
	i = 0;
}

tick-1ms
/i < 2/
{
	setopt("aggsortpos", lltostr(i));
	printa("%d %@d %@d\n", @a, @b);
	printf("\n");
	i++;
}

tick-1ms
/i == 2/
{
	setopt(strjoin("agg", "sortrev"));
	printa("%d %@d %@d\n", @a, @b);
	exit(0);
}
