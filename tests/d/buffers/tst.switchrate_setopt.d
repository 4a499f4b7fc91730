/*
 * setopt() of switchrate and aggrate while tracing: from then on the
 * records wait for the next switch, 3 s after the last one, and the
 * aggregation snapshot is as old as aggrate allows, so the printa()
 * records of the last four firings, read together after exit(), all
 * show the count at that switch.
 */
/* @@opts: -q */

#pragma D option switchrate=1ms
#pragma D option aggrate=1ms

tick-200ms
{
	i++;
	@ = count();
	printa("%@d\n", @);
}

tick-200ms
/i == 2/
{
	setopt("switchrate", "3sec");
	setopt("aggrate", "3sec");
}

tick-200ms
/i == 6/
{
	exit(0);
}
