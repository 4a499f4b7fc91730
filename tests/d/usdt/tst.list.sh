#!/bin/bash
#
# -l lists a process's USDT probes: with -c or -p, every one of them
# among all the probes; with a description, those it names, the pid
# given or globbed.
dtrace=$1
prog=$BDT_BUILD/tests/uprog
"$dtrace" -l -c "$prog" 2> /dev/null | grep uprog |
	sed 's/^ *[0-9]* *uprog[0-9]* /ID uprogPID /' | tr -s ' '
"$prog" -l 2> /dev/null & pid=$!
sleep 0.2
"$dtrace" -p $pid -lP "uprog$pid" | sed "s/^ *[0-9][0-9]* /ID /; s/$pid/PID/" | tr -s ' ' 
"$dtrace" -lP 'uprog*' -n 'uprog*:::pair' | grep "uprog$pid" |
	sed "s/^ *[0-9][0-9]* /ID /; s/$pid/PID/" | tr -s ' ' 
"$dtrace" -lvn "uprog$pid:::narrow" | sed "s/^ *[0-9][0-9]* /ID /; s/$pid/PID/" | tr -s ' ' 
kill $pid
wait $pid 2> /dev/null
exit 0
