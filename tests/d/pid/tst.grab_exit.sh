#!/bin/bash
#
# A grabbed process that exits while traced ends the trace, with
# DTrace's notice, END and the aggregations, and exit status 0.
dtrace=$1
prog=$BDT_BUILD/tests/uprog
tmp=$(mktemp -d)
"$prog" -c 40 2> /dev/null & pid=$!
"$dtrace" -p $pid -n 'pid$target:a.out:up_add:entry { @ = count(); }
END { printf("end"); }' > "$tmp/out" 2> "$tmp/err"
echo "status $?"
sed -n 's/^ *[0-9][0-9]* *[0-9][0-9]* *:END end$/END end/p' "$tmp/out"
grep -c '^ *[0-9][0-9]*$' "$tmp/out"
sed "s/$pid/PID/g" "$tmp/err"
wait $pid
rm -rf "$tmp"
