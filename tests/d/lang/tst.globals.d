/*
 * Globals are shared between probes and keep their type: an int and a
 * string set in BEGIN are read by a tick probe and by END.  A global
 * declared by an assignment that has not run yet reads as 0.
 */
/* @@opts: -q */

BEGIN
{
	i = 41;
	s = "set in BEGIN";
}

END
{
	later = 5;
}

tick-1ms
{
	i = i + 1;
	printf("%d %s %d\n", i, s, later);
	exit(0);
}

END
{
	printf("%d %d\n", i, later);
}
