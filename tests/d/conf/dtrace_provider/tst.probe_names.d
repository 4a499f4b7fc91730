/*
 * The dtrace provider's probes by their full names, and probeprov,
 * probemod, probefunc and probename inside them.
 */
/* @@opts: -q */

dtrace:::BEGIN
{
	printf("%s:%s:%s:%s id %d\n", probeprov, probemod, probefunc,
	    probename, id);
	exit(0);
}

dtrace:::END
{
	printf("%s:%s:%s:%s id %d\n", probeprov, probemod, probefunc,
	    probename, id);
}
