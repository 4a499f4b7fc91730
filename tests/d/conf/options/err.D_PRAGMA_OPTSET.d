/*
 * An unknown option in a pragma is a compile error.
 */
#pragma D option nosuchoption

BEGIN
{
	exit(0);
}
