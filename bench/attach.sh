#!/bin/bash
#
# bench/attach.sh DTRACE: what attaching and detaching many tracepoints
# costs (as root), side by side with bpftrace and the kernel's floor:
#
#  1. every tracepoint: wall time of
#       dtrace -qn 'sdt::: { @[probename] = count(); } BEGIN { exit(0); }'
#     (compile, load, attach ~2,300 probes, fire BEGIN, detach) less that
#     of  dtrace -qn 'BEGIN { exit(0); }', the median of $RUNS runs;
#     against bench/rawtp_floor (one empty program opened on every raw
#     tracepoint and closed: the kernel's own cost).  Goal: under a
#     second all told.
#  2. one group, sdt:sched:: against bpftrace's
#       tracepoint:sched:* { @[probe] = count(); }
#     whose perf-event tracepoints each wait for RCU grace periods when
#     closed (every tracepoint that way takes minutes).
#
# The floor is built into $BUILD/bench (default: beside DTRACE).

. "$(dirname "$0")/common.sh"
RUNS=${RUNS:-5}

floor=$build/bench/rawtp_floor
if [ ! -x "$floor" ] || [ "$here/rawtp_floor.c" -nt "$floor" ]; then
	cc -std=gnu11 -O2 -Wall -Wextra -o "$floor" "$here/rawtp_floor.c" \
		-lbpf || exit 1
fi

# wall CMD...: the median wall time of CMD in ms over $RUNS runs, "-"
# if it fails.
wall() {
	local i t0 t1
	for i in $(seq "$RUNS"); do
		t0=$(date +%s%N)
		"$@" > /dev/null 2>&1 < /dev/null || { echo "-"; return; }
		t1=$(date +%s%N)
		echo $(( (t1 - t0) / 1000000 ))
	done | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

n=$("$dtrace" -l -n 'sdt:::' 2> /dev/null | tail -n +2 | wc -l)
base=$(wall "$dtrace" -qn 'BEGIN { exit(0); }')
all=$(wall "$dtrace" -qn 'sdt::: { @[probename] = count(); } BEGIN { exit(0); }')
echo "every tracepoint ($n sdt probes), median of $RUNS runs, ms"
echo "  dtrace sdt:::            $all (start-up alone: $base)"
echo "  attach + detach          $(awk -v a="$all" -v b="$base" \
	'BEGIN { if (a == "-") print "-"; else print a - b }')   (goal: under 1000)"
echo "  floor (raw tracepoints)  $("$floor")"

sched=$("$dtrace" -l -n 'sdt:sched::' 2> /dev/null | tail -n +2 | wc -l)
echo
echo "the sched group ($sched tracepoints), median of $RUNS runs, ms"
echo "  dtrace sdt:sched::      $(wall "$dtrace" -qn \
	'sdt:sched:: { @[probename] = count(); } BEGIN { exit(0); }')"
if command -v bpftrace > /dev/null; then
	echo "  bpftrace tracepoint:sched:*  $(wall bpftrace -e \
		'tracepoint:sched:* { @[probe] = count(); } BEGIN { exit(); }')"
else
	echo "  bpftrace                 - (not installed)"
fi
