#!/bin/bash
#
# A grabbed process that exits while traced ends the trace, with
# DTrace's notice, END and the aggregations, and exit status 0.
dtrace=$1
prog=$BDT_BUILD/tests/uprog
tmp=$(mktemp -d)
. "$(dirname "$0")/../../umem.sh"
# it calls once, once dtrace has started (BEGIN's line), and exits
"$prog" wait "$tmp/go" calls 2> /dev/null & pid=$!
# grabbed only once it is uprog: $! is the shell's child, which may not
# have exec'd yet (dtrace would grab the shell, whose a.out has no up_add)
umem_wait $pid uprog
"$dtrace" -p $pid -n 'pid$target:a.out:up_add:entry { @ = count(); }
BEGIN { printf("ready"); }
END { printf("end"); }' > "$tmp/out" 2> "$tmp/err" & dt=$!
while ! grep -q ready "$tmp/out" && kill -0 $dt 2> /dev/null; do
	sleep 0.05
done
touch "$tmp/go"
wait $dt
echo "status $?"
sed -n 's/^ *[0-9][0-9]* *[0-9][0-9]* *:\(BEGIN ready\|END end\)$/\1/p' "$tmp/out"
grep -c '^ *[0-9][0-9]*$' "$tmp/out"
sed "s/$pid/PID/g" "$tmp/err"
wait $pid
rm -rf "$tmp"
