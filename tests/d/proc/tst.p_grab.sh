#!/bin/bash
#
# -p grabs a running process: $target is its pid, and the trace ends
# (END firing, then the aggregations) once it has exited.
dtrace=$1
tmp=$(mktemp -d)
sleep 0.7 & pid=$!
"$dtrace" -p $pid -n 'BEGIN { printf("%s", $target == '$pid' ? "ok" : "bad"); }
END { printf("end"); }' > "$tmp/out" 2> "$tmp/err"
echo "status $?"
sed 's/^ *[0-9][0-9]* *[0-9][0-9]* */CPU ID /' "$tmp/out"
sed "s/$pid/PID/" "$tmp/err"
wait
rm -rf "$tmp"
