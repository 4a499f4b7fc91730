#!/bin/bash
#
# sched:::enqueue and dequeue, kprobes on the scheduling classes'
# enqueue_task and dequeue_task functions: the traced command (kwork
# sched) sleeps and wakes many times, so its threads are taken off and
# put back on run queues; args[0] and args[1] are the thread moved,
# args[2] the CPU of the queue.
#
# @@needs: kprobes
dtrace=$1
kwork=$(dirname "$BDT_WORKLOAD")/kwork

$dtrace -q -c "$kwork sched" -s /dev/stdin <<'EOF2'
int enq, deq, bad;

sched:::enqueue
/args[1]->pr_pid == $target/
{
	enq++;
	bad += args[1]->pr_fname != "kwork" || args[0]->pr_lwpid == 0 ||
	    args[2]->cpu_id < 0;
}

sched:::dequeue
/args[1]->pr_pid == $target/
{
	deq++;
	bad += args[1]->pr_fname != "kwork" || args[0]->pr_lwpid == 0 ||
	    args[2]->cpu_id < 0;
}

END
{
	printf("enqueue: %s, dequeue: %s, arguments: %s\n",
	    enq > 2 ? "yes" : "no", deq > 2 ? "yes" : "no",
	    bad == 0 ? "yes" : "no");
}
EOF2
