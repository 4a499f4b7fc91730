#!/bin/bash
#
# bench/stacks.sh DTRACE: what counting by stack costs per event (as
# root), side by side with bpftrace in one run:
#     syscall::getppid:entry { @[stack()] = count(); }
#     syscall::getppid:entry { @[ustack()] = count(); }
# against bpftrace's
#     tracepoint:syscalls:sys_enter_getppid { @[kstack] = count(); }
#     tracepoint:syscalls:sys_enter_getppid { @[ustack] = count(); }
# (bpftrace keys on bpf_get_stackid()'s id in a stack map, which drops
# a stack whose hash collides with another's; bdtrace keys on an id of
# the frames from bpf_get_stack(), collisions resolved, the frames kept
# in a side map: codegen/cg_stackid.c).  BEFORE=DTRACE adds the rows of
# another build, to compare with.  The cost per call is
# measured as in unprobed.sh (bench/pairs.sh): getpid and getppid
# alternated, thread-CPU ns added, median of $REPS rounds in which the
# tracers take turns.  getpid is not probed.
#
# Goal: at most 0.8x bpftrace's cost on the probed call.  The machine's
# noise is several ns: repeat and compare medians.

. "$(dirname "$0")/common.sh"
. "$(dirname "$0")/pairs.sh"
BEFORE=${BEFORE:-}

sd() { pair_dtrace "$1" "syscall::getppid:entry { @[$2] = count(); }"; }
sb() {
	pair_bpftrace "tracepoint:syscalls:sys_enter_getppid { @[$1] = count(); }"
}
t_k() { sd "$dtrace" 'stack()'; }
t_u() { sd "$dtrace" 'ustack()'; }
t_k_before() { sd "$BEFORE" 'stack()'; }
t_u_before() { sd "$BEFORE" 'ustack()'; }
t_bk() { sb kstack; }
t_bu() { sb ustack; }

machine
echo "bpftrace: $(bpftrace --version 2> /dev/null || echo missing)"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "counted by stack on getppid ($CALLS calls each, median of $REPS rounds, thread-CPU ns added)"
tracers="t_k t_bk t_u t_bu"
[ -n "$BEFORE" ] && tracers="$tracers t_k_before t_u_before"
measure $tracers
row "" getpid getppid
read -r k1 k2 <<< "$(cost t_k)"
read -r bk1 bk2 <<< "$(cost t_bk)"
read -r u1 u2 <<< "$(cost t_u)"
read -r bu1 bu2 <<< "$(cost t_bu)"
row "dtrace @[stack()]" "$k1" "$k2"
[ -n "$BEFORE" ] && row "  the same, $BEFORE" $(cost t_k_before)
row "bpftrace @[kstack]" "$bk1" "$bk2"
row "dtrace @[ustack()]" "$u1" "$u2"
[ -n "$BEFORE" ] && row "  the same, $BEFORE" $(cost t_u_before)
row "bpftrace @[ustack]" "$bu1" "$bu2"
echo "  stack() / kstack: $(ratio "$k2" "$bk2")x, ustack() / ustack: $(ratio "$u2" "$bu2")x   (goal: at most 0.80)"
