#!/bin/bash
#
# A provider glob over every process (uprog*, uproglib*, pid*) that
# names a module no process maps yet finds it on disk: a program in
# PATH, a library in LD_LIBRARY_PATH.  Its probes are the file's own
# (listed without a process id), attached to the file, so a process
# that starts later, of another session and never read by dtrace,
# fires them from its first instruction, with its semaphores raised
# (guarded, lib-call) and its own probeprov; a library it loads with
# dlopen() does too.  A module found nowhere still matches nothing.
# The copies' names (uprogf, libuprogf.so) are this test's alone, so
# that no process of another test maps them.
dtrace=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$BDT_BUILD/tests/uprog" "$tmp/uprogf"
cp "$BDT_BUILD/tests/libuprog.so" "$tmp/libuprogf.so"
export PATH=$tmp:$PATH LD_LIBRARY_PATH=$tmp
"$dtrace" -l -n 'uprog*:uprogf::pair' -n 'pid*:uprogf:up_add:entry' \
    -n 'uproglib*:libuprogf.so::'
echo "status $?"
"$dtrace" -n 'uprog*:uprognone::pair' 2>&1
echo "status $?"
"$dtrace" -qw -n '
BEGIN
{
	system("touch '"$tmp"'/go");
}
uprog*:uprogf::pair
{
	printf("%s:%s:%s:%s(%d, %d), own %d\n", probeprov == strjoin("uprog",
	    lltostr(pid)) ? "uprog<pid>" : probeprov, probemod, probefunc,
	    probename, arg0, arg1, probeprov == strjoin("uprog", lltostr(pid)));
}
pid*:uprogf:up_add:entry, pid*:libuprogf.so:up_lib:entry
{
	printf("%s:%s:%s:%s(%d), own %d\n", probeprov == strjoin("pid",
	    lltostr(pid)) ? "pid<pid>" : probeprov, probemod, probefunc,
	    probename, arg0, probeprov == strjoin("pid", lltostr(pid)));
}
uprog*:uprogf::guarded
{
	printf("guarded %d\n", arg0);
}
uproglib*:libuprogf.so::lib-call
{
	printf("%s(%d)\n", probename, arg0);
	exit(0);
}' > "$tmp/out" 2>&1 & dt=$!
for i in $(seq 200); do
	[ -e "$tmp/go" ] && break
	sleep 0.05
done
setsid uprogf -c 1 calls usdt dlopen "$tmp/libuprogf.so" 2> /dev/null
wait $dt
echo "status $?"
cat "$tmp/out"
