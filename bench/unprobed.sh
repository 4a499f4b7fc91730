#!/bin/bash
#
# bench/unprobed.sh DTRACE: what tracing one system call costs that call
# and every other one (as root), side by side with bpftrace:
#
#  1. per-call cost: bench/pairloop alternates blocks of getpid() and
#     getppid() calls ($CALLS of each) on CPU 1 while the tracer runs on
#     CPU 0, and prints each call's mean cost in thread-CPU ns.  Only
#     getppid is probed (@ = count()), so getpid's added cost is what
#     the probe costs the calls it does not trace.  Every traced run
#     lies between two untraced ones, whose mean it is compared with
#     (slow drift cancels); the figures are the medians of $REPS such
#     runs.  Tracers: dtrace (per-syscall perf-event tracepoints for a
#     few probes), dtrace with BDTRACE_SYSCALL_RAW=1 (the sys_enter raw
#     tracepoint, as many probes get), bpftrace's per-syscall tracepoint;
#     then every system call counted: dtrace's syscall:::entry against
#     bpftrace's raw_syscalls:sys_enter.
#  2. the crossover in attach and detach: the wall time of
#       dtrace -qn 'N probes { } BEGIN { exit(0); }'
#     for N entry probes, each on its own tracepoint (N <= 4, the
#     default) and on the raw tracepoint, median of $RUNS runs: closing
#     a tracepoint's last perf event waits for RCU grace periods, one
#     tracepoint after another.
#
# Goal: dtrace adds to the unprobed call no more than bpftrace (within
# 5 ns).  The machine's noise is several ns: repeat and compare medians.
# pairloop is built into $BUILD/bench (default: beside DTRACE).

. "$(dirname "$0")/common.sh"
CALLS=${CALLS:-2000000}
REPS=${REPS:-7}
RUNS=${RUNS:-5}
TRACER_CPU=${TRACER_CPU:-0}
LOAD_CPU=${LOAD_CPU:-1}

pairloop=$build/bench/pairloop
if [ ! -x "$pairloop" ] || [ "$here/pairloop.c" -nt "$pairloop" ]; then
	cc $warn -o "$pairloop" "$here/pairloop.c" || exit 1
fi

# median: the median of the numbers on stdin, one per line
median() {
	sort -g | awk '{ v[NR] = $1 } END {
		if (NR == 0) { print "-"; exit }
		if (NR % 2) print v[(NR + 1) / 2];
		else printf "%.1f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

bare() {
	taskset -c "$LOAD_CPU" "$pairloop" "$CALLS"
}

# cost READY CMD...: "UNPROBED PROBED", the median ns each call gains
# under CMD (started on $TRACER_CPU, ready once its output shows READY),
# or "- -" if it cannot run.
cost() {
	local ready=$1 i before after traced
	shift
	before=$(bare)
	: > "$tmp/cost"
	for i in $(seq "$REPS"); do
		if ! start_tracer "$ready" "$tmp/tracer.out" \
		    taskset -c "$TRACER_CPU" "$@"; then
			sed 's/^/    | /' "$tmp/tracer.out" | head -n 5 >&2
			echo "- -"
			return
		fi
		traced=$(bare)
		stop_tracer
		after=$(bare)
		echo "$before $after $traced" | awk '{
			printf "%.2f %.2f\n", $5 - ($1 + $3) / 2,
			    $6 - ($2 + $4) / 2 }' >> "$tmp/cost"
		before=$after
	done
	echo "$(cut -d' ' -f1 < "$tmp/cost" | median)" \
	     "$(cut -d' ' -f2 < "$tmp/cost" | median)"
}

row() {
	printf '  %-44s %10s %10s\n' "$@"
}

echo "machine: $(uname -r), $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
echo "bpftrace: $(bpftrace --version 2> /dev/null || echo missing)"
echo

echo "added cost per call, @ = count() on getppid only ($CALLS calls each, median of $REPS, thread-CPU ns)"
row "" unprobed probed
row "" "(getpid)" "(getppid)"
read -r u_d p_d <<< "$(cost ready "$dtrace" -q \
	-n 'syscall::getppid:entry { @ = count(); }' \
	-n 'BEGIN { printf("ready\n"); }')"
row "dtrace syscall::getppid:entry" "$u_d" "$p_d"
read -r u_r p_r <<< "$(cost ready env BDTRACE_SYSCALL_RAW=1 "$dtrace" -q \
	-n 'syscall::getppid:entry { @ = count(); }' \
	-n 'BEGIN { printf("ready\n"); }')"
row "  the same on sys_enter (BDTRACE_SYSCALL_RAW)" "$u_r" "$p_r"
read -r u_b p_b <<< "$(cost Attaching bpftrace \
	-e 'tracepoint:syscalls:sys_enter_getppid { @ = count(); }')"
row "bpftrace tracepoint:syscalls:sys_enter_getppid" "$u_b" "$p_b"
d=$(awk -v a="$u_d" -v b="$u_b" 'BEGIN {
	if (a == "-" || b == "-") print "-"; else printf "%+.1f\n", a - b }')
echo "  dtrace - bpftrace on the unprobed call: $d ns   (goal: at most +5)"
echo

echo "every system call counted ($CALLS calls each, median of $REPS, thread-CPU ns)"
row "" getpid getppid
read -r u_d p_d <<< "$(cost ready "$dtrace" -q \
	-n 'syscall:::entry { @ = count(); }' \
	-n 'BEGIN { printf("ready\n"); }')"
row "dtrace syscall:::entry" "$u_d" "$p_d"
read -r u_b p_b <<< "$(cost Attaching bpftrace \
	-e 'tracepoint:raw_syscalls:sys_enter { @ = count(); }')"
row "bpftrace tracepoint:raw_syscalls:sys_enter" "$u_b" "$p_b"
echo

# wall ENV N: the median wall time in ms of N entry probes, attached,
# BEGIN fired, detached
calls=(getppid getuid getgid geteuid getegid)
wall() {
	local pd i t0 t1
	pd=$(printf 'syscall::%s:entry,' "${calls[@]:0:$2}")
	for i in $(seq "$RUNS"); do
		t0=$(date +%s%N)
		env $1 "$dtrace" -qn "${pd%,} { } BEGIN { exit(0); }" \
			> /dev/null 2>&1 < /dev/null
		t1=$(date +%s%N)
		echo $(( (t1 - t0) / 1000000 ))
	done | median
}
echo "attach, BEGIN and detach of N entry probes (median of $RUNS, ms)"
row N "own tp" "sys_enter"
for n in 1 2 4 5; do
	if [ "$n" -le 4 ]; then
		row "$n" "$(wall "" "$n")" "$(wall BDTRACE_SYSCALL_RAW=1 "$n")"
	else
		row "$n" "-" "$(wall "" "$n")"
	fi
done
