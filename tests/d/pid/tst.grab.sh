#!/bin/bash
#
# -p grabs a running process: its pid probes fire while dtrace runs, and
# nothing stays in it afterwards.  A uprobe is a breakpoint (int3, 0xcc)
# in the process's copy of the page: up_add's first byte reads 0xcc from
# /proc/PID/mem while dtrace traces it, and its own byte once dtrace has
# ended (SIGTERM here).
dtrace=$1
prog=$BDT_BUILD/tests/uprog
tmp=$(mktemp -d)
"$prog" -l 2> /dev/null & pid=$!
for i in $(seq 50); do
	grep -q uprog /proc/$pid/maps 2> /dev/null && break
	sleep 0.02
done
base=$(awk '$6 ~ /uprog$/ && $3 == "00000000" { sub(/-.*/, "", $1); print $1; exit }' \
	/proc/$pid/maps)
off=$(nm "$prog" | awk '$3 == "up_add" { print $1 }')
addr=$((16#$base + 16#$off))
byte() {
	dd if=/proc/$pid/mem bs=1 count=1 skip=$addr iflag=skip_bytes \
		2> /dev/null | od -An -tx1 | tr -d ' \n'
}
[ "$(byte)" != cc ] && echo "before: no breakpoint"
"$dtrace" -q -p $pid -n 'pid$target:a.out:up_add:return
{
	printf("%s %d\n", probefunc, arg1);
}' > "$tmp/out" 2> "$tmp/err" & dt=$!
for i in $(seq 200); do
	[ -s "$tmp/out" ] && break
	sleep 0.05
done
[ "$(byte)" = cc ] && echo "while tracing: breakpoint"
kill -TERM $dt
wait $dt
echo "status $?"
[ "$(byte)" != cc ] && echo "after: no breakpoint"
head -n 1 "$tmp/out"
cat "$tmp/err"
kill $pid
wait $pid 2> /dev/null
rm -rf "$tmp"
