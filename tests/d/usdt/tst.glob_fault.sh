#!/bin/bash
#
# A fault in a clause of a provider glob's probe names, in DTrace's
# "error on enabled probe" message, the probe of the process that
# fired: the probes attached to the file for every process are the
# first process's (or the file's own, when no process mapped it), but
# in DTrace each process has its own provider.  A running process's own
# probe, a process started while tracing runs, and (no process mapping
# the file at the start) the file's USDT and pid probes.
dtrace=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$BDT_BUILD/tests/uprog" "$tmp/uproge"
export PATH=$tmp:$PATH
. "$(dirname "$0")/../../umem.sh"
. "$(dirname "$0")/../../dtgo.sh"
# $1: the running process (0: none); then the probes, each faulting once
trace() {
	"$dtrace" -qw -n "$(dtgo_begin "$tmp")"'
uprog*:uproge::pair, pid*:uproge:up_add:entry
/!fired[pid, probename]/
{
	printf("fired %d\n", pid);
}
uprog*:uproge::pair, pid*:uproge:up_add:entry
/!fired[pid, probename]/
{
	fired[pid, probename] = 1;
	trace(copyinstr(1));
}
uprog*:uproge::pair
/pid != $1/
{
	exit(0);
}' "$@" > "$tmp/out" 2> "$tmp/err" & dt=$!
	dtgo_wait "$tmp"
	setsid uproge -c 1 calls usdt 2> /dev/null
	wait $dt
	echo "status $?"
	new=$(awk -v old="$1" '$1 == "fired" && $2 != old { print $2; exit }' \
	    "$tmp/out")
	sed -e "s/\\([a-z]\\)$1:/\\1<running>:/" -e "s/\\([a-z]\\)$new:/\\1<new>:/" \
	    -e 's/DIF offset [0-9]*/DIF offset N/' "$tmp/err" | sort
}
uproge -l usdt 2> /dev/null & old=$!
umem_wait $old uproge
trace $old
kill $old
wait $old 2> /dev/null
# no process maps it: the file's own probes
trace 0
exit 0
