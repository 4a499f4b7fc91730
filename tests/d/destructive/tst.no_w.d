/*
 * Without -w, a program with a destructive action is not enabled, with
 * DTrace's message and exit status 1.
 */
/* @@opts: -q */
/* @@exit: 1 */

BEGIN
{
	system("echo never");
	exit(0);
}
