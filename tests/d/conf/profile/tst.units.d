/*
 * tick-N and profile-N take the Guide's time suffixes: ns nsec us usec
 * ms msec s sec m min h hour d day hz (no suffix: hz).  Each probe here
 * is named with a different spelling and records that it fired; the
 * long ones never fire.
 */
/* @@opts: -q */

tick-5ms
{
	f0 = 1;
}

tick-5msec
{
	f1 = 1;
}

tick-5000us
{
	f2 = 1;
}

tick-5000usec
{
	f3 = 1;
}

tick-5000000ns
{
	f4 = 1;
}

tick-5000000nsec
{
	f5 = 1;
}

tick-200hz
{
	f6 = 1;
}

tick-200
{
	f7 = 1;
}

tick-1m, tick-1min, tick-1h, tick-1hour, tick-1d, tick-1day, tick-10s,
tick-10sec, profile-1min
{
	printf("%s must not fire\n", probename);
}

tick-100ms
{
	printf("%d %d %d %d %d %d %d %d\n", f0, f1, f2, f3, f4, f5, f6, f7);
	exit(0);
}
