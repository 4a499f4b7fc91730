#!/bin/bash
#
# A library the process loads while traced (dlopen) gets its probes when
# it loads, before any of its code runs: pid probes named by module (-Z:
# it is not loaded when tracing starts) or by a glob, and its USDT
# probes, whose semaphore is raised at once; an aggregation of a clause
# whose probes all come from the library works.  With -c, and with -p on
# a process that loads the library later.
dtrace=$1
prog=$BDT_BUILD/tests/uprog
lib=$(cd "$BDT_BUILD/tests" && pwd)/libuprog.so
script='
pid$target:libuprog.so:up_lib:entry
{
	printf("%s:%s:%s %d\n", probemod, probefunc, probename, arg0);
}
pid$target::up_lib:return
{
	printf("%s %d\n", probename, arg1);
}
uproglib$target:::lib-call
{
	@[probemod, probefunc, probename] = count();
}'
"$dtrace" -Z -q -c "$prog dlopen $lib" -n "$script" 2> /dev/null
echo "status $?"
tmp=$(mktemp -d)
. "$(dirname "$0")/../../umem.sh"
"$prog" wait "$tmp/go" dlopen "$lib" 2> /dev/null & pid=$!
# grabbed only once it is uprog: $! is the shell's child, which may not
# have exec'd yet (dtrace would grab the shell, not uprog)
umem_wait $pid uprog
"$dtrace" -Z -q -p $pid -n "$script" -n 'BEGIN { printf("ready\n"); }' \
	> "$tmp/out" 2>&1 & dt=$!
while ! grep -q ready "$tmp/out" && kill -0 $dt 2> /dev/null; do
	sleep 0.05
done
touch "$tmp/go"
wait $dt
echo "status $?"
cat "$tmp/out"
wait $pid
rm -rf "$tmp"
