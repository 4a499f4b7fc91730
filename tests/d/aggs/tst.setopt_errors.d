/*
 * setopt() that cannot be done reports DTrace's runtime message with the
 * enabled probe: an unknown option (shown as set to "1" when no value is
 * given), a bad value, and an option only settable before tracing starts.
 * A good setopt() says nothing.
 */
#pragma D option quiet

BEGIN
{
	setopt("nosuchoption");
	setopt("flowindent", "maybe");
	setopt("switchrate", "fast");
	setopt("dynvarsize", "2m");
	setopt("aggsortrev");
	printf("done\n");
	exit(0);
}
