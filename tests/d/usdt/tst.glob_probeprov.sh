#!/bin/bash
#
# probeprov of a provider glob's probes (uprog*, pid*) names the process
# each firing belongs to, as each process has its own provider in
# DTrace: the running process's own, and for a process that starts
# while tracing runs (of another session, never read by dtrace: its
# firings come through the uprobes on the file) its own too, not the
# running one's.  An aggregation keyed by probeprov keeps the two
# apart, a predicate compares it with the process's name, and strsize
# cuts it as any string; probemod is the file's for both.  (The 6.1
# guest's kernel runs the running process's own uretprobe at the new
# process's returns too; the program leaves those, docs/design.md.)
dtrace=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prog=$tmp/uprogv
cp "$BDT_BUILD/tests/uprog" "$prog"
. "$(dirname "$0")/../../umem.sh"
"$prog" -l usdt 2> /dev/null & old=$!
umem_wait $old uprogv
"$dtrace" -qw -n '
BEGIN
{
	system("touch '"$tmp"'/go");
}
uprog*:uprogv::pair
/pid == $1/
{
	running = strjoin(probeprov, strjoin(" ", probemod));
	@[probeprov] = max(2);
}
uprog*:uprogv::
/pid != $1/
{
	printf("new: %s:%s::%s, own %d\n", probeprov, probemod, probename,
	    probeprov == strjoin("uprog", lltostr(pid)));
	@[probeprov] = max(1);
}
pid*:uprogv:up_add:entry, pid*:uprogv:up_add:return
/pid != $1/
{
	printf("new: %s:%s:%s:%s, own %d\n", probeprov, probemod, probefunc,
	    probename, probeprov == strjoin("pid", lltostr(pid)));
}
uprog*:uprogv::guarded
/pid != $1/
{
	exit(0);
}
END
{
	printf("running: %s\n", running);
	printa("%s\n", @);
}' $old > "$tmp/out" 2>&1 & dt=$!
for i in $(seq 200); do
	[ -e "$tmp/go" ] && break
	sleep 0.05
done
setsid "$prog" -c 1 calls usdt 2> /dev/null & new=$!
wait $new
wait $dt
echo "status $?"
sed "s/$old\\b/<running pid>/; s/$new\\b/<new pid>/" "$tmp/out"
# cut at strsize (6): "pid" and the first 3 digits of the pid
"$dtrace" -qw -x strsize=6 -n '
BEGIN
{
	system("touch '"$tmp"'/go2");
}
pid*:uprogv:up_add:entry
/pid != $1/
{
	printf("length %d, own %d\n", strlen(probeprov),
	    probeprov == substr(strjoin("pid", lltostr(pid)), 0, 6));
	exit(0);
}' $old 2>&1 & dt=$!
for i in $(seq 200); do
	[ -e "$tmp/go2" ] && break
	sleep 0.05
done
setsid "$prog" -c 1 calls 2> /dev/null
wait $dt
echo "status $?"
kill $old
wait $old 2> /dev/null
exit 0
