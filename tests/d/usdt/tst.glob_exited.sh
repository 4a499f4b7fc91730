#!/bin/bash
#
# A provider glob matches the probes of every process running when the
# description is compiled; one that exits before its probes are attached
# (a short-lived child here, one started every few milliseconds) is left
# out, not an error: each of ten sessions traces the long-lived process
# and ends with exit(0).
# @@timeout: 60
dtrace=$1
prog=$BDT_BUILD/tests/uprog
"$prog" -l usdt 2> /dev/null & long=$!
( while :; do "$prog" -c 1 sleep 15 2> /dev/null; done ) & spawner=$!
sleep 0.2
ok=0
for i in $(seq 10); do
	$dtrace -q -p $long -n 'uprog*:::pair /pid == $target/ { exit(0); }' \
	    > /dev/null && ok=$((ok + 1))
done
echo "$ok of 10 sessions ended with exit(0)"
kill $spawner $long
wait 2> /dev/null
