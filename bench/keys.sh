#!/bin/bash
#
# bench/keys.sh DTRACE: every system call counted by a key, side by side
# with bpftrace in one run (as root): dtrace's
#     syscall:::entry { @[probefunc] = count(); }
# (the key kept in the kernel as the name's place in the string table,
# codegen/cg_agg.c) against bpftrace counting by number,
#     tracepoint:raw_syscalls:sys_enter { @[args->id] = count(); }
# and, as references, dtrace keyed by execname (a 16-byte string key
# in the kernel) against bpftrace's @[comm], and dtrace keyed by tid.
# BEFORE=OTHER_DTRACE adds another dtrace's @[probefunc] row (an older
# build, to see what a change gained).  The cost per call is measured as
# in unprobed.sh (bench/pairs.sh): getpid and getppid, thread-CPU ns
# added, median of $REPS rounds in which the tracers take turns.
#
# Goal: @[probefunc] costs at most 0.8x bpftrace's @[args->id].  The
# machine's noise is several ns: repeat and compare medians.

. "$(dirname "$0")/common.sh"
. "$(dirname "$0")/pairs.sh"
BEFORE=${BEFORE:-}

# kd DTRACE ACTION, kb ACTION: the tracer counting every system call's
# entry with ACTION, started on $TRACER_CPU and waited for
kd() { pair_dtrace "$1" "syscall:::entry { $2 }"; }
kb() { pair_bpftrace "tracepoint:raw_syscalls:sys_enter { $1 }"; }
t_func() { kd "$dtrace" '@[probefunc] = count();'; }
t_func_before() { kd "$BEFORE" '@[probefunc] = count();'; }
t_exec() { kd "$dtrace" '@[execname] = count();'; }
t_tid() { kd "$dtrace" '@[tid] = count();'; }
t_bt_id() { kb '@[args->id] = count();'; }
t_bt_comm() { kb '@[comm] = count();'; }

machine
echo "bpftrace: $(bpftrace --version 2> /dev/null || echo missing)"
echo
echo "every system call counted by a key ($CALLS calls each, median of $REPS rounds, thread-CPU ns added)"
tracers="t_func t_bt_id t_exec t_bt_comm t_tid"
[ -n "$BEFORE" ] && tracers="$tracers t_func_before"
measure $tracers
row "" getpid getppid
read -r f1 f2 <<< "$(cost t_func)"
row "dtrace @[probefunc]" "$f1" "$f2"
[ -n "$BEFORE" ] && row "  the same, $BEFORE" $(cost t_func_before)
read -r b1 b2 <<< "$(cost t_bt_id)"
row "bpftrace @[args->id]" "$b1" "$b2"
row "dtrace @[execname]" $(cost t_exec)
row "bpftrace @[comm]" $(cost t_bt_comm)
row "dtrace @[tid]" $(cost t_tid)
echo "  @[probefunc] / bpftrace's @[args->id]: $(ratio "$f1" "$b1")x, $(ratio "$f2" "$b2")x   (goal: at most 0.80)"
