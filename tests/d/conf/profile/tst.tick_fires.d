/*
 * tick-N fires on one CPU every N: ten 10ms ticks take about 100 ms;
 * probeprov, probefunc and probename of a profile probe.
 */
/* @@opts: -q */

BEGIN
{
	start = timestamp;
}

tick-10ms
/++n == 10/
{
	d = (timestamp - start) / 1000000;
	printf("%s:%s:%s:%s ten ticks in 80-250 ms: %s\n", probeprov,
	    probemod, probefunc, probename, d >= 80 && d <= 250 ? "yes" : "no");
	exit(0);
}
