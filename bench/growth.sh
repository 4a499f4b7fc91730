#!/bin/bash
#
# bench/growth.sh DTRACE: how the cost per event grows, side by side
# with bpftrace in one run (as root), with
#   - the number of clauses on one probe (1, 10, 100 clauses of
#     @ = count() on getppid's entry; bpftrace: as many probe blocks),
#   - the number of probes enabled (getppid's entry and 0, 9 or 99 other
#     system calls' entries, @ = count() in one clause; bpftrace: as
#     many sys_enter_X tracepoints in one probe list),
#   - the number of keys (@[timestamp % K] = count() on getppid, K = 1,
#     1000, 100000; bpftrace's @[nsecs % K]).
# The cost per call is measured as in unprobed.sh (bench/pairs.sh):
# bench/pairloop alternates getpid (never probed here) and getppid on
# $LOAD_CPU while the tracer runs on $TRACER_CPU, thread-CPU ns added
# per call, median of $REPS rounds in which the tracers take turns.
# SIZES="1 10 100" and KEYS="1 1000 100000" change the steps.  bpftrace
# keeps 4,096 keys unless BPFTRACE_MAP_KEYS_MAX says more: its rows of
# more keys count only those (bench/README.md).

. "$(dirname "$0")/common.sh"
CALLS=${CALLS:-1000000}
REPS=${REPS:-5}
. "$(dirname "$0")/pairs.sh"
SIZES=${SIZES:-1 10 100}
KEYS=${KEYS:-1 1000 100000}

# the entry tracepoints of system calls other than getpid and getppid
others=($(ls /sys/kernel/tracing/events/syscalls 2> /dev/null |
	  sed -n 's/^sys_enter_//p' | grep -v -x -e getpid -e getppid))

# gd SCRIPT, gb SCRIPT: dtrace or bpftrace running SCRIPT (pairs.sh)
gd() { pair_dtrace "$dtrace" "$1"; }
gb() { pair_bpftrace "$1"; }

# the scripts, written once per step into $tmp
for n in $SIZES; do
	: > "$tmp/cd$n"
	: > "$tmp/cb$n"
	for i in $(seq "$n"); do
		echo "syscall::getppid:entry { @ = count(); }" >> "$tmp/cd$n"
		echo "tracepoint:syscalls:sys_enter_getppid { @ = count(); }" >> "$tmp/cb$n"
	done
	pd="syscall::getppid:entry" pb="tracepoint:syscalls:sys_enter_getppid"
	for s in "${others[@]:0:n-1}"; do
		pd="$pd,syscall::$s:entry"
		pb="$pb,tracepoint:syscalls:sys_enter_$s"
	done
	echo "$pd { @ = count(); }" > "$tmp/pd$n"
	echo "$pb { @ = count(); }" > "$tmp/pb$n"
	eval "t_cd$n() { gd \"\$(cat $tmp/cd$n)\"; }"
	eval "t_cb$n() { gb \"\$(cat $tmp/cb$n)\"; }"
	eval "t_pd$n() { gd \"\$(cat $tmp/pd$n)\"; }"
	eval "t_pb$n() { gb \"\$(cat $tmp/pb$n)\"; }"
done
for k in $KEYS; do
	eval "t_kd$k() { gd 'syscall::getppid:entry { @[timestamp % $k] = count(); }'; }"
	eval "t_kb$k() { gb 'tracepoint:syscalls:sys_enter_getppid { @[nsecs % $k] = count(); }'; }"
done

machine
echo "bpftrace: $(bpftrace --version 2> /dev/null || echo missing)"
echo "cost per call as the program grows ($CALLS calls each, median of $REPS rounds, thread-CPU ns added)"

# table TITLE PREFIX STEPS: dtrace's and bpftrace's rows for each step
table() {
	local title=$1 p=$2 n d b
	shift 2
	echo
	echo "$title"
	printf '  %-10s %21s %21s %10s\n' "" "dtrace" "bpftrace" "dtrace/"
	printf '  %-10s %10s %10s %10s %10s %10s\n' "" getpid getppid \
	       getpid getppid bpftrace
	for n in "$@"; do
		read -r d1 d2 <<< "$(cost "t_${p}d$n")"
		read -r b1 b2 <<< "$(cost "t_${p}b$n")"
		printf '  %-10s %10s %10s %10s %10s %10s\n' "$n" "$d1" "$d2" \
		       "$b1" "$b2" "$(ratio "$d2" "$b2")"
	done
}

tracers=""
for n in $SIZES; do tracers="$tracers t_cd$n t_cb$n t_pd$n t_pb$n"; done
for k in $KEYS; do tracers="$tracers t_kd$k t_kb$k"; done
measure $tracers
table "clauses of @ = count() on getppid's entry" c $SIZES
table "probes enabled (getppid's entry and others), @ = count()" p $SIZES
table "keys: @[timestamp % K] = count() on getppid (K keys)" k $KEYS
