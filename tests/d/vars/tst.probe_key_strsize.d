/*
 * A probe description string is a D string: cut at strsize characters,
 * as a key of an array or an aggregation too.  tick-200ms and tick-201ms
 * are both "tick-20" at strsize 7, so they count in one array element
 * (the fourth firing of the two, not of one, reaches 4) and one
 * aggregation key, printed with its seven characters.
 */
#pragma D option quiet
#pragma D option strsize=7

int n[string];

tick-200ms, tick-201ms
{
	n[probename]++;
	@[probename] = count();
	@both[probefunc, probename] = count();
}

tick-200ms, tick-201ms
/n[probename] == 4/
{
	printf("%s %d\n", probename, n[probename]);
	exit(0);
}

END
{
	printa("%s|%@d\n", @);
	printa("%s|%s|%@d\n", @both);
}
