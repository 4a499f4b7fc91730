/*
 * Actions chapter: "#pragma D option destructive" allows destructive
 * actions without -w.
 */
/* @@opts: -q */
#pragma D option destructive

BEGIN
{
	system("echo from system");
	exit(0);
}
