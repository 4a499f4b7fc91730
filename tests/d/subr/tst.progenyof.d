/*
 * progenyof(): dtrace itself, its parent and init are its ancestors (or
 * itself); a pid that cannot exist is not.
 */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", progenyof($pid), progenyof($ppid),
	    progenyof(1), progenyof(-5));
	exit(0);
}
