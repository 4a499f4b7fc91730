/*
 * Variables, built-in variables: execname, pid, tid, probe description
 * variables and arguments, read in a syscall probe of the workload
 * (pid and tid of a single-threaded process are equal).
 */
/* @@opts: -q */
/* @@trigger: workload -n guidebuiltin write */

syscall::write:entry
/execname == "guidebuiltin"/
{
	printf("%s %s:%s:%s:%s\n", execname, probeprov, probemod,
	    probefunc, probename);
	printf("%d %d %d\n", pid == tid, arg2, args[2]);
	printf("%d %d\n", ppid > 0, uid == $uid);
	printf("%d %d\n", timestamp > 0, walltimestamp > 0);
	exit(0);
}
