#!/bin/bash
#
# proc's signal probes: a child of the traced command (kwork signal)
# sends itself SIGUSR1, which it catches (signal-send, then signal-handle
# with its handler), SIGHUP, which it ignores (signal-discard), and
# SIGUSR2, which it blocks and takes with sigtimedwait() (signal-clear).
#
dtrace=$1
kwork=$(dirname "$BDT_WORKLOAD")/kwork

$dtrace -q -c "$kwork signal" -s /dev/stdin <<'EOF2'
proc:::signal-send
/ppid == $target && args[1]->pr_pid == pid/
{
	printf("signal-send: %d to %s, lwp %d\n", args[2], args[1]->pr_fname,
	    args[0]->pr_lwpid == tid);
}

proc:::signal-discard
/ppid == $target && args[1]->pr_pid == pid/
{
	printf("signal-discard: %d to %s\n", args[2], args[1]->pr_fname);
}

proc:::signal-handle
/ppid == $target/
{
	printf("signal-handle: %d, si_signo %d, handler %s, by %s\n", args[0],
	    args[1]->si_signo, args[2] == 0 ? "SIG_DFL" :
	    args[2] == (void (*)(void))1 ? "SIG_IGN" : "a function", execname);
}

proc:::signal-clear
/ppid == $target/
{
	printf("signal-clear: %d\n", args[0]);
}
EOF2
