/*
 * Options and Tunables: an option name DTrace does not know is an error.
 */

#pragma D option nosuchoption

BEGIN
{
	exit(0);
}
