#!/bin/bash
#
# sched:::on-cpu describes the incoming thread, whichever tracepoint backs
# it: curthread, pid, tid, ppid, execname, curpsinfo, curlwpsinfo and
# self-> variables are that thread's (at sched_switch, before Linux 6.16,
# through the probe's own view of the thread; since, in the thread
# itself).  The traced command (kwork sched) sleeps and wakes many times.
#
dtrace=$1
kwork=$(dirname "$BDT_WORKLOAD")/kwork

$dtrace -q -c "$kwork sched" -s /dev/stdin <<'EOF2'
int on, bad, again;
self int seen;

sched:::on-cpu
/pid == $target/
{
	on++;
	bad += tid != curlwpsinfo->pr_lwpid || pid != curpsinfo->pr_pid ||
	    curthread->tgid != pid || execname != "kwork" ||
	    curpsinfo->pr_fname != "kwork" || ppid != curpsinfo->pr_ppid ||
	    curlwpsinfo->pr_state != SONPROC;
	again += self->seen;
	self->seen = 1;
}

END
{
	printf("on-cpu in kwork: %s, its own view: %s, self-> kept: %s\n",
	    on > 3 ? "yes" : "no", bad == 0 ? "yes" : "no",
	    again > 0 ? "yes" : "no");
}
EOF2
