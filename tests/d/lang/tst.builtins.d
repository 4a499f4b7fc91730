/*
 * Built-in variables in BEGIN, which fires in dtrace itself: compared
 * with the macro variables of the dtrace process, so that the output
 * does not depend on the values.
 */
/* @@opts: -q */

BEGIN
{
	printf("pid %d\n", pid == $pid);
	printf("ppid %d\n", ppid == $ppid);
	printf("uid %d\n", uid == $uid);
	printf("tid %d\n", tid != 0);
	printf("execname %s\n", execname);
	printf("timestamp %d\n", timestamp > 0);
	printf("walltimestamp %d\n", walltimestamp > 1500000000000000000);
	printf("cpu %d\n", cpu >= 0);
	printf("probe %s:%s:%s:%s\n", probeprov, probemod, probefunc,
	    probename);
	exit(0);
}
