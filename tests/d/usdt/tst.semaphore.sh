#!/bin/bash
#
# A USDT probe's semaphore is raised while the probe is enabled, so code
# guarded by it runs and its probe fires (uprog:::guarded), and lowered
# again once dtrace has ended: nothing stays in the process.  Read from
# /proc/PID/mem: 0 before, 1 while traced, 0 after.
dtrace=$1
prog=$BDT_BUILD/tests/uprog
tmp=$(mktemp -d)
. "$(dirname "$0")/../../umem.sh"
"$prog" -l usdt 2> /dev/null & pid=$!
umem_wait $pid uprog
addr=$(umem_addr $pid "$prog" uprog_guarded_semaphore)
sema() {
	umem_read $pid $addr 2 u2
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
