/*
 * Actions and Subroutines chapter, progenyof(): true for the process
 * given and its descendants: dtrace is its own progeny and, as every
 * process, init's and its parent's.
 */
/* @@opts: -q */

BEGIN
{
	printf("%d %d %d\n", progenyof(pid), progenyof(1), progenyof(ppid));
	exit(0);
}
