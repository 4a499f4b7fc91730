#!/bin/bash
#
# A pid that names no process: one line saying so, exit status 1.
dtrace=$1
sh -c 'exit 0' & pid=$!
wait $pid
"$dtrace" -n "pid$pid:a.out:main:entry" 2> /dev/null
echo "status $?"
"$dtrace" -p $pid -n 'BEGIN' 2>&1 | sed "s/$pid/PID/g"
echo "status ${PIPESTATUS[0]}"
"$dtrace" -x errtags -n "pid$pid:a.out:main:entry" 2>&1 | head -n 1 |
	sed "s/$pid/PID/g"
