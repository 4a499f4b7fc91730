#!/bin/bash
#
# lockstat's hold probes, kprobes on the lock functions: the traced
# command (kwork sched) writes to a pipe (its mutex), wakes threads
# (the run queues' spinlocks) and creates threads (the task list's
# rwlock, taken for writing).  An acquire fires once the lock is held,
# with the lock the function was given; the release of the same lock
# follows in the same thread.
#
# @@needs: kprobes
dtrace=$1
kwork=$(dirname "$BDT_WORKLOAD")/kwork

$dtrace -q -c "$kwork sched" -s /dev/stdin <<'EOF2'
int macq, mrel, sacq, srel, wacq, wrel;
self int held[struct mutex *];

lockstat:::adaptive-acquire
/pid == $target/
{
	self->held[args[0]] = 1;
	macq++;
}

lockstat:::adaptive-release
/pid == $target && self->held[args[0]]/
{
	self->held[args[0]] = 0;
	mrel++;
}

lockstat:::spin-acquire /pid == $target/ { sacq++; }
lockstat:::spin-release /pid == $target/ { srel++; }
lockstat:::rw-acquire /pid == $target && args[1] == RW_WRITER/ { wacq++; }
lockstat:::rw-release /pid == $target && args[1] == RW_WRITER/ { wrel++; }

END
{
	printf("mutex held and released: %s\n",
	    macq > 0 && mrel > 0 ? "yes" : "no");
	printf("spinlock acquired: %s, released: %s\n",
	    sacq > 0 ? "yes" : "no", srel > 0 ? "yes" : "no");
	printf("rwlock written: %s, released: %s\n",
	    wacq > 0 ? "yes" : "no", wrel > 0 ? "yes" : "no");
}
EOF2
