/*
 * Scripting, macro variables: the Guide's table of process credential
 * macro variables ($pid, $ppid, $uid, $gid ...) names dtrace's own ids;
 * $pid is the dtrace process, seen in its own system calls.
 */
/* @@opts: -q */

syscall::getpid:entry, syscall::ioctl:entry, syscall::epoll_pwait:entry,
syscall::read:entry, syscall::write:entry, syscall::mmap:entry,
syscall::bpf:entry, syscall::clock_nanosleep:entry, syscall::nanosleep:entry
/pid == $pid/
{
	printf("%d %d %d\n", ppid == $ppid, uid == $uid, gid == $gid);
	exit(0);
}
