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
#     (slow drift cancels); the figures are the medians.  Tracers:
#     dtrace (per-syscall perf-event tracepoints for a few probes),
#     dtrace with BDTRACE_SYSCALL_RAW=1 (the sys_enter raw tracepoint,
#     as many probes get), bpftrace's per-syscall tracepoint;
#     then every system call counted: dtrace's syscall:::entry against
#     bpftrace's raw_syscalls:sys_enter.  The tracers take turns, $REPS
#     rounds, so that the machine's drift reaches them alike.
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
RUNS=${RUNS:-5}
. "$(dirname "$0")/pairs.sh"

# dt ENV PROBES, bt PROBES: dtrace (with ENV, VAR=VALUE or nothing)
# or bpftrace counting PROBES, started on $TRACER_CPU and waited for
# (its output shows that it is attached); fails if it cannot run
dt() {
	start_tracer ready "$tmp/tracer.out" taskset -c "$TRACER_CPU" \
		env $1 "$dtrace" -q -n "$2 { @ = count(); }" \
		-n 'BEGIN { printf("ready\n"); }'
}
bt() { pair_bpftrace "$1 { @ = count(); }"; }
t_dtrace() { dt "" syscall::getppid:entry; }
t_dtrace_raw() { dt BDTRACE_SYSCALL_RAW=1 syscall::getppid:entry; }
t_bpftrace() { bt tracepoint:syscalls:sys_enter_getppid; }
t_dtrace_all() { dt "" syscall:::entry; }
t_bpftrace_all() { bt tracepoint:raw_syscalls:sys_enter; }


machine
echo "bpftrace: $(bpftrace --version 2> /dev/null || echo missing)"
echo

echo "added cost per call, @ = count() on getppid only ($CALLS calls each, median of $REPS rounds, thread-CPU ns)"
measure t_dtrace t_dtrace_raw t_bpftrace
row "" unprobed probed
row "" "(getpid)" "(getppid)"
read -r u_d p_d <<< "$(cost t_dtrace)"
row "dtrace syscall::getppid:entry" "$u_d" "$p_d"
read -r u_r p_r <<< "$(cost t_dtrace_raw)"
row "  the same on sys_enter (BDTRACE_SYSCALL_RAW)" "$u_r" "$p_r"
read -r u_b p_b <<< "$(cost t_bpftrace)"
row "bpftrace tracepoint:syscalls:sys_enter_getppid" "$u_b" "$p_b"
d=$(awk -v a="$u_d" -v b="$u_b" 'BEGIN {
	if (a == "-" || b == "-") print "-"; else printf "%+.1f\n", a - b }')
echo "  dtrace - bpftrace on the unprobed call: $d ns   (goal: at most +5)"
echo

echo "every system call counted ($CALLS calls each, median of $REPS rounds, thread-CPU ns)"
measure t_dtrace_all t_bpftrace_all
row "" getpid getppid
row "dtrace syscall:::entry" $(cost t_dtrace_all)
row "bpftrace tracepoint:raw_syscalls:sys_enter" $(cost t_bpftrace_all)
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
