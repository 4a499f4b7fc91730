#!/bin/bash
#
# A USDT probe's semaphore is raised while the probe is enabled, so code
# guarded by it runs and its probe fires (uprog:::guarded), and lowered
# again once dtrace has ended: nothing stays in the process.  Read from
# /proc/PID/mem: 0 before, 1 while traced, 0 after.
dtrace=$1
prog=$BDT_BUILD/tests/uprog
tmp=$(mktemp -d)
"$prog" -l usdt 2> /dev/null & pid=$!
for i in $(seq 50); do
	grep -q uprog /proc/$pid/maps 2> /dev/null && break
	sleep 0.02
done
base=$(awk '$6 ~ /uprog$/ && $3 == "00000000" { sub(/-.*/, "", $1); print $1; exit }' \
	/proc/$pid/maps)
off=$(nm "$prog" | awk '$3 == "uprog_guarded_semaphore" { print $1 }')
addr=$((16#$base + 16#$off))
sema() {
	dd if=/proc/$pid/mem bs=1 count=2 skip=$addr iflag=skip_bytes \
		2> /dev/null | od -An -tu2 | tr -d ' \n'
}
echo "before: $(sema)"
"$dtrace" -q -p $pid -n 'uprog$target:::guarded
{
	printf("%s %d\n", probename, arg0 > 0);
}' > "$tmp/out" 2> "$tmp/err" & dt=$!
for i in $(seq 200); do
	[ -s "$tmp/out" ] && break
	sleep 0.05
done
echo "while tracing: $(sema)"
kill -TERM $dt
wait $dt
echo "status $?"
echo "after: $(sema)"
head -n 1 "$tmp/out"
cat "$tmp/err"
kill $pid
wait $pid 2> /dev/null
rm -rf "$tmp"
