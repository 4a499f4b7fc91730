/*
 * Program Structure chapter: a description that matches no probe is
 * an error (without -Z).
 */

nosuchprovider:::nosuchprobe
{
	exit(0);
}
