/*
 * Variables chapter, built-in variables: those with a stable value in
 * BEGIN (fired in the dtrace process itself).
 */
/* @@opts: -q */

BEGIN
{
	printf("%s %s %s %s %s\n", probeprov, probemod, probefunc,
	    probename, execname);
	printf("%d %d %d\n", pid == $pid, tid > 0, epid > 0);
	printf("%d %d %d\n", id, errno, arg0);
	printf("%d %d\n", timestamp > 0, walltimestamp > 1500000000000000000);
	printf("%d %d %d\n", uid == $uid, gid == $gid, ppid == $ppid);
	exit(0);
}
