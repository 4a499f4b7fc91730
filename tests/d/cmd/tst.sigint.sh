#!/bin/bash
#
# SIGINT ends tracing as exit() would: dtrace prints a newline, END
# fires, then the aggregations are printed, and the status is 0.  SIGINT
# is reset to its default because a background job of a script starts
# with it ignored.

dtrace=$1
out=$(mktemp)
trap 'rm -f "$out"' EXIT

env --default-signal=INT "$dtrace" -q \
	-n 'BEGIN { @a["key"] = count(); printf("ready\n"); }' \
	-n 'END { printf("end\n"); }' > "$out" 2> /dev/null &
pid=$!
for i in $(seq 100); do
	grep -q ready "$out" && break
	sleep 0.1
done
kill -INT "$pid"
wait "$pid"
echo "status $?"
cat "$out"
