#!/bin/bash
#
# A provider glob that names every process (uprog*, pid*) matches the
# processes running when tracing starts and those that start while it
# runs, whoever starts them: here a process of another session
# (setsid), not dtrace's descendant, started once tracing runs.  Its
# first firings are seen (the uprobes are in the file, for every
# process), its USDT semaphore is raised from its start (guarded fires
# on its first round), and the running process keeps its own probes.
# The program is a copy named uprogg, which the descriptions name as the
# module, so that uprog processes of other test runs are not matched.
dtrace=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prog=$tmp/uprogg
cp "$BDT_BUILD/tests/uprog" "$prog"
. "$(dirname "$0")/../../umem.sh"
"$prog" -l calls usdt 2> /dev/null & old=$!
umem_wait $old uprogg
"$dtrace" -qw -n '
BEGIN
{
	system("touch '"$tmp"'/go");
}
uprog*:uprogg::pair
/pid == $1 && !seen/
{
	seen = 1;
	printf("running: %s\n", probeprov);
}
uprog*:uprogg::pair
/pid != $1/
{
	printf("new: pair %d %d, progenyof(dtrace) %d\n", arg0, arg1,
	    progenyof($pid));
}
uprog*:uprogg::guarded
/pid != $1/
{
	printf("new: guarded %d\n", arg0);
}
pid*:uprogg:up_add:entry
/pid != $1/
{
	printf("new: %s:%s(%d, %d)\n", probefunc, probename, arg0, arg1);
}
uprog*:uprogg::guarded
/pid != $1 && arg0 == 2/
{
	exit(0);
}' $old > "$tmp/out" 2>&1 & dt=$!
for i in $(seq 200); do
	[ -e "$tmp/go" ] && break
	sleep 0.05
done
setsid "$prog" -c 2 calls usdt 2> /dev/null
wait $dt
echo "status $?"
sed "s/uprog$old\$/uprog<running pid>/" "$tmp/out"
kill $old
wait $old 2> /dev/null
exit 0
