#!/bin/bash
#
# A return probe of one process fires for that process only, even while
# another dtrace has the same function's return probed in another
# process: before Linux 6.12 the kernel ran a uretprobe's program for
# every process that returned through the function while any uprobe
# was on it, so the program checks the process itself.  Two uprog
# loops, a dtrace on each; the second runs (and ends) while the first
# traces, and each counts up_add's returns in its own process and in
# others.
# @@timeout: 60
dtrace=$1
prog=$BDT_BUILD/tests/uprog
dir=$(mktemp -d)
. "$(dirname "$0")/../../umem.sh"
"$prog" -l 2> /dev/null & a=$!
"$prog" -l 2> /dev/null & b=$!
umem_wait $a uprog
umem_wait $b uprog
script='
BEGIN
{
	own = other = 0;
	printf("tracing\n");
}
pid$target:a.out:up_add:return
{
	own += pid == $target;
	other += pid != $target;
}
END
{
	printf("%s, %s\n", own > 0 ? "own returns" : "no own return",
	    other > 0 ? "other processes'\''" : "no other process'\''s");
}'
"$dtrace" -q -p $a -n "$script" > "$dir/a" 2> "$dir/a.err" & dt=$!
for i in $(seq $((400 * ${BDT_TIMEOUT_SCALE:-1}))); do
	[ -s "$dir/a" ] && break
	sleep 0.05
done
"$dtrace" -q -p $b -n "$script" -n 'tick-1s /++n == 2/ { exit(0); }'
kill -TERM $dt
wait $dt
echo "status $?"
cat "$dir/a" "$dir/a.err"
kill $a $b
wait $a $b 2> /dev/null
rm -rf "$dir"
