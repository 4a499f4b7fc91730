#!/bin/bash
#
# proc's life-cycle probes, fired by children of the traced command (kwork
# proc): each in the thread DTrace names, with its arguments.  A child
# execs /bin/true; one fails to exec and exits 3; one is killed by SIGKILL;
# one dumps core; then a thread starts and exits.
#
dtrace=$1
kwork=$(dirname "$BDT_WORKLOAD")/kwork

$dtrace -q -c "$kwork proc" -s /dev/stdin <<'EOF2'
proc:::create
/pid == $target/
{
	printf("create: parent %s, child's parent is it: %d\n", execname,
	    args[0]->pr_ppid == pid);
}

proc:::start
/ppid == $target/
{
	printf("start: %s, a process: %d\n", execname, pid == tid);
}

proc:::lwp-start
/ppid == $target || (pid == $target && tid != pid)/
{
	printf("lwp-start: %s, its own lwp: %d\n", execname,
	    curlwpsinfo->pr_lwpid == tid);
}

proc:::exec
/ppid == $target/
{
	printf("exec: %s %s\n", execname, args[0]);
}

proc:::exec-success
/ppid == $target/
{
	printf("exec-success: %s\n", execname);
}

proc:::exec-failure
/ppid == $target/
{
	printf("exec-failure: %s errno %d\n", execname, args[0]);
}

proc:::lwp-create
/pid == $target/
{
	printf("lwp-create: a thread of its process: %d, a new lwp: %d\n",
	    args[1]->pr_pid == pid, args[0]->pr_lwpid != tid);
}

proc:::lwp-exit
/ppid == $target || (pid == $target && tid != pid)/
{
	printf("lwp-exit: %s\n", execname);
}

proc:::exit
/ppid == $target/
{
	printf("exit: %s %s\n", execname, args[0] == CLD_EXITED ? "CLD_EXITED" :
	    args[0] == CLD_KILLED ? "CLD_KILLED" :
	    args[0] == CLD_DUMPED ? "CLD_DUMPED" : "?");
}
EOF2
