#!/bin/bash
#
# Tracing every system call's entry and return, dtrace exits promptly
# once exit() has fired: raw tracepoints detach at once, where closing a
# perf-event tracepoint makes the kernel wait for RCU grace periods.  A
# functional check, not a benchmark: the bound (2 s for a 0.1 s trace)
# is loose.

dtrace=$1
start=$(date +%s%N)
"$dtrace" -qn 'syscall:::entry, syscall:::return { @ = count(); }
    tick-100ms { exit(0); }' > /dev/null
status=$?
ms=$(( ($(date +%s%N) - start) / 1000000 ))
echo "status $status"
if [ "$ms" -lt 2000 ]; then
	echo "prompt"
else
	echo "took $ms ms"
fi
