/*
 * The probe tuple of a tick probe: provider "profile", empty module and
 * function, name "tick-1ms" as written.
 */
/* @@opts: -q */

profile:::tick-1ms
{
	printf("%s:%s:%s:%s\n", probeprov, probemod, probefunc, probename);
	exit(0);
}
