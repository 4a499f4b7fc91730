#!/bin/bash
#
# Probes the running kernel cannot back are not listed: sched's enqueue
# and dequeue have no tracepoint (they need fbt), so they match nothing,
# while the rest of sched is there.
#
dtrace=$1

$dtrace -l -n sched:::enqueue -n sched:::dequeue 2>&1
$dtrace -l -n 'sched:::' | awk 'NR > 1 { print $2, $3, $4 }' | sort
