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
. "$(dirname "$0")/../../umem.sh"
"$prog" -l 2> /dev/null & pid=$!
umem_wait $pid uprog
addr=$(umem_addr $pid "$prog" up_add)
byte() {
	umem_read $pid $addr 1 x1
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
