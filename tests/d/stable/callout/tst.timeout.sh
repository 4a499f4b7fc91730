#!/bin/bash
#
# callout_execute: the traced command (kwork timer) sleeps three times in
# a receive that times out; each sleep's timer (a struct process_timer
# of the timer wheel, whose callback is process_timeout) starts and ends
# in the timer softirq, and names the thread it wakes.
#
dtrace=$1
kwork=$(dirname "$BDT_WORKLOAD")/kwork
fn=$(awk '$3 == "process_timeout" { print "0x" $1; exit }' /proc/kallsyms)

$dtrace -q -c "$kwork timer" -s /dev/stdin "$fn" <<'EOF2'
callout_execute:::callout-start
/(uintptr_t)args[0]->function == $1 &&
 ((struct process_timer *)args[0])->task->tgid == $target/
{
	starts++;
	self->timer = arg0;
}

callout_execute:::callout-end
/self->timer == arg0/
{
	ends++;
	self->timer = 0;
}

END
{
	printf("callout-start: %d, callout-end: %d\n", starts, ends);
}
EOF2
