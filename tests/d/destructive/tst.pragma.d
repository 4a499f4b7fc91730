/* #pragma D option destructive is -w. */
#pragma D option quiet
#pragma D option destructive

BEGIN
{
	system("echo allowed");
	exit(0);
}
