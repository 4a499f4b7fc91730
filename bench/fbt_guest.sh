#!/bin/bash
#
# bench/fbt_guest.sh DTRACE: run inside tests/vm/'s Linux 6.1 guest by
# bench/fbt_vm.sh.  For  fbt::vfs_*:entry  (every vfs_ function the
# kernel lets be traced, one kprobe each: Debian's 6.1 has no
# kprobe_multi), and for bpftrace's  kprobe:vfs_*  beside it:
#   start    wall time to BEGIN's output of  BEGIN { exit(0); }  alone
#   compile  dtrace -e: start-up, the function list from BTF and
#            available_filter_functions, compiling (bpftrace: none)
#   to BEGIN wall time until BEGIN's output with the probes: all the
#            above, loading and attaching every probe
#   attach   to BEGIN less compile (dtrace), less start (bpftrace)
#   detach   from BEGIN's output to the tracer's exit
# in ms, the median of $RUNS runs.  The guest is emulated (TCG): every
# figure is 10-50 times what real hardware takes.

set -u
dtrace=$1
RUNS=${RUNS:-3}
ulimit -n 65536

ms() { date +%s%3N; }

median() {
	sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

# timed CMD...: "TO_BEGIN DETACH" of one run; CMD prints a line in BEGIN
timed() {
	local t0 t1 tb
	t0=$(ms)
	"$@" 2> /dev/null | while read -r _; do ms; done > /tmp/fbt-bench.t
	t1=$(ms)
	tb=$(head -n 1 /tmp/fbt-bench.t)
	[ -n "$tb" ] || tb=$t1
	echo "$((tb - t0)) $((t1 - tb))"
}

# runs COLUMN CMD...: the median of COLUMN (1: to BEGIN, 2: detach)
runs() {
	local col=$1 i
	shift
	for i in $(seq "$RUNS"); do
		timed "$@"
	done | awk -v c="$col" '{ print $c }' | median
}

# both CMD...: "TO_BEGIN DETACH" medians over $RUNS runs
both() {
	local i
	for i in $(seq "$RUNS"); do
		timed "$@"
	done > /tmp/fbt-bench.r
	echo "$(awk '{ print $1 }' /tmp/fbt-bench.r | median)" \
		"$(awk '{ print $2 }' /tmp/fbt-bench.r | median)"
}

n=$("$dtrace" -l -n 'fbt::vfs_*:entry' 2> /dev/null | tail -n +2 | wc -l)
echo "fbt::vfs_*:entry in the Linux $(uname -r) guest ($n functions), ms, median of $RUNS"
read -r start _ <<< "$(both "$dtrace" -qn 'BEGIN { printf("b\n"); exit(0); }')"
compile=$(for i in $(seq "$RUNS"); do
	t0=$(ms)
	"$dtrace" -e -qn 'fbt::vfs_*:entry { @[probefunc] = count(); }'
	echo $(($(ms) - t0))
done | median)
read -r tob det <<< "$(both "$dtrace" -qn \
	'BEGIN { printf("b\n"); exit(0); } fbt::vfs_*:entry { @[probefunc] = count(); }')"
printf '  %-9s start %5s  compile %5s  to BEGIN %5s  attach %5s  detach %5s\n' \
	dtrace "$start" "$compile" "$tob" "$((tob - compile))" "$det"
if command -v bpftrace > /dev/null; then
	read -r bstart _ <<< "$(both bpftrace -e 'BEGIN { printf("b\n"); exit(); }')"
	read -r btob bdet <<< "$(both bpftrace -e \
		'BEGIN { printf("b\n"); exit(); } kprobe:vfs_* { @[probe] = count(); }')"
	printf '  %-9s start %5s  compile %5s  to BEGIN %5s  attach %5s  detach %5s\n' \
		bpftrace "$bstart" - "$btob" "$((btob - bstart))" "$bdet"
fi
