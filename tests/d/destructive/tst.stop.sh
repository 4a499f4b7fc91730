#!/bin/bash
# stop(): the process that fired the probe is stopped (state T).
dtrace=$1
"$BDT_WORKLOAD" -n w2stop sleep &
pid=$!
sleep 0.3
"$dtrace" -wq -n "syscall::clock_nanosleep:entry /pid == $pid/ { stop(); exit(0); }"
for i in 1 2 3 4 5 6 7 8 9 10; do
	state=$(awk '{ print $3 }' /proc/$pid/stat)
	[ "$state" = T ] && break
	sleep 0.1
done
echo "state $state"
kill -9 $pid
wait $pid 2>/dev/null
exit 0
