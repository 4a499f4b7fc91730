#!/bin/bash
#
# Every sched probe, fired by the traced command (kwork sched), and what
# DTrace says in each: the thread it describes (on-cpu: the incoming one,
# in its own context), its arguments, the CPU.  Counts vary from run to
# run, so the test prints whether each probe fired as expected.
#
dtrace=$1
kwork=$(dirname "$BDT_WORKLOAD")/kwork

$dtrace -q -c "$kwork sched" -s /dev/stdin <<'EOF2'
int on, on_self, off, off_next, sleeps, preempts, remains, ticks;
int surrenders, wakeups;

sched:::on-cpu
/pid == $target/
{
	on++;
	on_self += curlwpsinfo->pr_lwpid == tid && curpsinfo->pr_pid == pid &&
	    curlwpsinfo->pr_state == SONPROC && curcpu->cpu_id == cpu &&
	    stackdepth > 0;
}

sched:::off-cpu
/pid == $target/
{
	off++;
	off_next += args[0]->pr_lwpid != tid;
}

sched:::sleep
/pid == $target/
{
	sleeps += curlwpsinfo->pr_state == SSLEEP;
}

sched:::preempt
/pid == $target/
{
	preempts++;
}

sched:::remain-cpu
/pid == $target/
{
	remains++;
}

sched:::tick
/args[1]->pr_pid == $target/
{
	ticks += args[0]->pr_lwpid == tid;
}

sched:::surrender
/args[1]->pr_pid == $target/
{
	surrenders++;
}

sched:::wakeup
/pid == $target && args[1]->pr_pid == $target/
{
	wakeups += args[0]->pr_lwpid != tid;
}

sched:::change-pri
/args[1]->pr_pid == $target/
{
	printf("change-pri: from %d to %d\n", args[0]->pr_pri, args[2]);
}

END
{
	printf("on-cpu: %s\n", on > 0 && on_self == on ? "ok" : "wrong");
	printf("off-cpu: %s\n", off > 0 && off_next == off ? "ok" : "wrong");
	printf("sleep: %s\n", sleeps >= 3 ? "ok" : "wrong");
	printf("preempt: %s\n", preempts > 0 ? "ok" : "wrong");
	printf("remain-cpu: %s\n", remains > 0 ? "ok" : "wrong");
	printf("tick: %s\n", ticks > 0 ? "ok" : "wrong");
	printf("surrender: %s\n", surrenders > 0 ? "ok" : "wrong");
	printf("wakeup: %s\n", wakeups > 0 ? "ok" : "wrong");
}
EOF2
