#!/bin/bash
#
# Capstone (instruction boundaries for pid offset probes) is opened only
# when a probe needs it: a script without offset probes does not map it,
# one that lists a function's instructions does, and still lists them.
dtrace=$1
out=$(mktemp)
env --default-signal=INT "$dtrace" -n 'tick-1s { @ = count(); }' \
    > "$out" 2>&1 < /dev/null &
pid=$!
for i in $(seq 100); do
	grep -q matched "$out" && break
	sleep 0.1
done
echo "aggregation: capstone mapped $(grep -c libcapstone /proc/$pid/maps)"
kill -INT "$pid"
wait "$pid"
rm -f "$out"
"$dtrace" -l -n 'pid$target:a.out:up_top:' -c "$BDT_BUILD/tests/uprog" \
    2> /dev/null | awk 'NR > 1 && $5 ~ /^[0-9a-f]+$/ { n++ }
			END { print "offset probes listed:", (n > 1 ? "yes" : "no") }'
