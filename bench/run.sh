#!/bin/bash
#
# bench/run.sh DTRACE: bdtrace against bpftrace and hand-written BPF, in
# one run (as root):
#
#  1. start-up: wall time of  dtrace -qn 'BEGIN { exit(0); }'  against
#     bpftrace -e 'BEGIN { exit(); }', the median of $RUNS runs each
#     (hyperfine if installed, else a date +%s%N loop).
#  2. per-event overhead of @ = count() on a hot tracepoint: bench/sysloop
#     makes $CALLS getppid() calls and prints ns per call, untraced and
#     under dtrace (syscall::getppid:entry), bpftrace
#     (tracepoint:syscalls:sys_enter_getppid), bench/floor (an empty
#     BPF program on the same tracepoint) and bench/floor -r (the same
#     on the sys_enter raw tracepoint, where bdtrace puts five or more
#     syscall probes of a kind).  Each figure is the fastest of
#     $REPS sysloop runs (the least disturbed by other load), and each
#     traced figure is paired with an untraced one measured just before
#     it: overhead = traced - untraced.
#
#  3. printf throughput: sysloop makes $TP_CALLS getppid() calls while
#     the tracer prints one line per call with printf (output to a file);
#     events per second actually delivered (lines printed over the
#     loop's duration) and the share of events lost to drops.
#
#  4. per-context-switch overhead of @ = count(): bench/switchloop makes
#     $SWITCHES context switches on CPU 0 (two processes passing a byte
#     through pipes) and prints ns per switch, untraced and under dtrace
#     (sched:::off-cpu) and bpftrace (tracepoint:sched:sched_switch).
#
# Prints three tables with the ratios; goals: dtrace's start-up at most 1/5
# of bpftrace's, its per-event overhead no more than bpftrace's.  The
# helpers are built into $BUILD/bench (default: beside DTRACE) if missing.
# A tracer that is missing or fails shows "-".

. "$(dirname "$0")/common.sh"
RUNS=${RUNS:-20}
CALLS=${CALLS:-2000000}
TP_CALLS=${TP_CALLS:-500000}
SWITCHES=${SWITCHES:-200000}
REPS=${REPS:-5}

for p in sysloop floor switchloop; do
	src=$here/$p.c
	bin=$build/bench/$p
	if [ ! -x "$bin" ] || [ "$src" -nt "$bin" ]; then
		libs=
		[ "$p" = floor ] && libs=-lbpf
		cc $warn -o "$bin" "$src" $libs || exit 1
	fi
done
sysloop=$build/bench/sysloop
floor=$build/bench/floor
switchloop=$build/bench/switchloop

# startup NAME CMD...: median wall time of CMD in ms, "-" if it fails.
startup() {
	local name=$1 i t0 t1
	shift
	if ! "$@" > /dev/null 2>&1 < /dev/null; then
		echo "-"
		return
	fi
	if command -v hyperfine > /dev/null; then
		hyperfine -N -w 2 -r "$RUNS" --export-csv "$tmp/$name.csv" \
			"$(printf '%q ' "$@")" > /dev/null 2>&1 &&
		awk -F, 'NR == 2 { printf "%.1f\n", $4 * 1000 }' \
			"$tmp/$name.csv" && return
	fi
	for i in $(seq "$RUNS"); do
		t0=$(date +%s%N)
		"$@" > /dev/null 2>&1 < /dev/null
		t1=$(date +%s%N)
		echo "$(( (t1 - t0) / 1000 ))" | awk '{ printf "%.1f\n", $1 / 1000 }'
	done | median
}

# loop: the fastest ns per event of $REPS runs of $driver $events.
driver=$sysloop events=$CALLS
loop() {
	local i
	for i in $(seq "$REPS"); do
		"$driver" "$events"
	done | sort -g | head -n 1
}

# traced READY CMD...: "UNTRACED TRACED" ns per call: the untraced
# loop, then tracer CMD started, waited for (10 s at most) until its
# output contains READY, the traced loop, and the tracer stopped with
# SIGINT (SIGKILL after 5 s).
traced() {
	local ready=$1 base t n
	shift
	base=$(loop)
	if ! command -v "$1" > /dev/null; then
		echo "$base -"
		return
	fi
	if ! start_tracer "$ready" "$tmp/tracer.out" "$@"; then
		sed 's/^/    | /' "$tmp/tracer.out" | head -n 5 >&2
		echo "$base -"
		return
	fi
	t=$(loop)
	stop_tracer
	# A tracer that counted must print at least REPS * events at the
	# end (floor counts nothing): otherwise its figure means nothing.
	if [ "$1" != "$floor" ]; then
		n=$(grep -o '[0-9]\{1,\}' "$tmp/tracer.out" | sort -g | tail -n 1)
		if [ "${n:-0}" -lt $((REPS * events)) ]; then
			echo "  $1 printed no count >= $((REPS * events)); its figure is void" >&2
			t="-"
		fi
	fi
	echo "$base $t"
}

machine
echo "bpftrace: $(bpftrace --version 2> /dev/null || echo missing)"
echo

echo "start-up (median of $RUNS runs, ms)"
s_d=$(startup dtrace "$dtrace" -qn 'BEGIN { exit(0); }')
s_b=$(startup bpftrace bpftrace -e 'BEGIN { exit(); }')
printf '  %-10s %10s\n' dtrace "$s_d" bpftrace "$s_b"
printf '  %-10s %10s   (goal: at most 0.20)\n' "dtrace/bpftrace" "$(ratio "$s_d" "$s_b")"
echo

echo "per-event overhead of @ = count() on getppid ($CALLS calls, fastest of $REPS, ns/call)"
read -r b_d t_d <<< "$(traced ready "$dtrace" -q \
	-n 'syscall::getppid:entry { @ = count(); }' \
	-n 'BEGIN { printf("ready\n"); }')"
read -r b_b t_b <<< "$(traced Attaching bpftrace \
	-e 'tracepoint:syscalls:sys_enter_getppid { @ = count(); }')"
read -r b_f t_f <<< "$(traced ready "$floor")"
read -r b_r t_r <<< "$(traced ready "$floor" -r)"
over() {
	awk -v t="$1" -v b="$2" 'BEGIN {
		if (t == "-") print "-"; else printf "%.1f\n", t - b }'
}
o_d=$(over "$t_d" "$b_d") o_b=$(over "$t_b" "$b_b") o_f=$(over "$t_f" "$b_f")
o_r=$(over "$t_r" "$b_r")
printf '  %-10s %10s %10s %10s\n' "" untraced traced overhead
printf '  %-10s %10s %10s %10s\n' dtrace "$b_d" "$t_d" "$o_d" \
	bpftrace "$b_b" "$t_b" "$o_b" floor "$b_f" "$t_f" "$o_f" \
	floor-raw "$b_r" "$t_r" "$o_r"
printf '  %-16s %6s   (goal: at most 1.00)\n' "dtrace/bpftrace" "$(ratio "$o_d" "$o_b")"
printf '  %-16s %6s\n' "dtrace/floor" "$(ratio "$o_d" "$o_f")" \
	"dtrace/floor-raw" "$(ratio "$o_d" "$o_r")"

echo

# throughput READY CMD...: "LINES NS_PER_CALL": the tracer started and
# waited for, $TP_CALLS calls made, the tracer given a second to catch up
# and stopped; LINES is how many "N N" lines it printed.
throughput() {
	local ready=$1 ns
	shift
	if ! command -v "$1" > /dev/null; then
		echo "- -"
		return
	fi
	if ! start_tracer "$ready" "$tmp/tp.out" "$@"; then
		echo "- -"
		return
	fi
	ns=$("$sysloop" "$TP_CALLS")
	sleep 1
	stop_tracer
	echo "$(grep -c '^[0-9][0-9]* [0-9][0-9]*$' "$tmp/tp.out") $ns"
}
rate() {
	awk -v l="$1" -v ns="$2" -v n="$TP_CALLS" 'BEGIN {
		if (l == "-" || ns == "-") { print "- -"; exit }
		printf "%.0f %.1f\n", l / (n * ns / 1e9), 100 * (n - l) / n }'
}

echo "printf throughput: one line per getppid ($TP_CALLS calls)"
read -r l_d n_d <<< "$(throughput ready "$dtrace" -q \
	-n 'syscall::getppid:entry /execname == "sysloop"/ { printf("%d %d\n", pid, tid); }' \
	-n 'BEGIN { printf("ready\n"); }')"
read -r l_b n_b <<< "$(throughput Attaching bpftrace \
	-e 'tracepoint:syscalls:sys_enter_getppid /comm == "sysloop"/ { printf("%d %d\n", pid, tid); }')"
read -r r_d d_d <<< "$(rate "$l_d" "$n_d")"
read -r r_b d_b <<< "$(rate "$l_b" "$n_b")"
printf '  %-10s %14s %10s\n' "" "events/s" "lost %"
printf '  %-10s %14s %10s\n' dtrace "$r_d" "$d_d" bpftrace "$r_b" "$d_b"
printf '  %-16s %6s\n' "dtrace/bpftrace" "$(ratio "$r_d" "$r_b")"

echo

echo "per-event overhead of @ = count() on context switches ($SWITCHES on CPU 0, fastest of $REPS, ns/switch)"
driver=$switchloop events=$SWITCHES
read -r b_d t_d <<< "$(traced ready "$dtrace" -q \
	-n 'sched:::off-cpu { @ = count(); }' \
	-n 'BEGIN { printf("ready\n"); }')"
read -r b_b t_b <<< "$(traced Attaching bpftrace \
	-e 'tracepoint:sched:sched_switch { @ = count(); }')"
o_d=$(over "$t_d" "$b_d") o_b=$(over "$t_b" "$b_b")
printf '  %-10s %10s %10s %10s\n' "" untraced traced overhead
printf '  %-10s %10s %10s %10s\n' dtrace "$b_d" "$t_d" "$o_d" \
	bpftrace "$b_b" "$t_b" "$o_b"
printf '  %-16s %6s   (goal: at most 1.00)\n' "dtrace/bpftrace" "$(ratio "$o_d" "$o_b")"
