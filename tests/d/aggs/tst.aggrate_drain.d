/*
 * Under aggrate the consumer drains the aggregations' maps each period
 * and merges what it took into its own copy, as DTrace's consumer does:
 * an aggsize holding two entries is enough for twelve keys added one a
 * period, with no drops; a key updated again after a drain sums with
 * what was taken before; clear() and trunc() act on the consumer's copy;
 * END's printa() shows the updates of the firing that called exit().
 * The consumer acts on clear() and trunc() when it reads their records,
 * so the updates pause for four ticks after them (a drain waits for an
 * RCU grace period, tens of milliseconds in an emulated guest, and a
 * loaded machine may leave the consumer waiting for a CPU longer):
 * an update made before the consumer reads them would be cleared too.
 */
#pragma D option quiet
#pragma D option aggsize=64
#pragma D option aggrate=20ms

int n, t;

tick-200ms
/n < 6 || (t >= 10 && n < 12)/
{
	@sums[n % 6] = sum(n);
	@counts[n] = count();
	n++;
}

tick-200ms
/t == 5/
{
	printa("before %d %@d\n", @sums);
	clear(@sums);
	trunc(@counts);
}

tick-200ms
{
	t++;
}

tick-200ms
/n == 12/
{
	exit(0);
}

END
{
	printa("sum %d %@d\n", @sums);
	printa("count %d %@d\n", @counts);
}
