#!/bin/bash
#
# Probes the running kernel cannot back are not listed: sched's enqueue
# and dequeue have no tracepoint (they need function tracing), so they
# match nothing, while the rest of sched is there; a script naming one
# is told what it needs.
#
dtrace=$1

$dtrace -l -n sched:::enqueue -n sched:::dequeue 2>&1
$dtrace -l -n 'sched:::' | awk 'NR > 1 { print $2, $3, $4 }' | sort
$dtrace -n 'sched:::enqueue { trace(pid); }' 2>&1
echo "exit status $?"
