#!/bin/bash
#
# bench/rss.sh DTRACE: the resident memory of dtrace tracing, idle, as
# root.  Each script starts, attaches, then sits $IDLE seconds (default
# 2) with the system's own activity firing it; the figure is VmRSS and
# its peak (VmHWM) from /proc, in kB, median of $RUNS (default 3),
# beside bpftrace's for the same script.  Goal (issue 11): under 16 MB
# for the suite's typical scripts.

. "$(dirname "$0")/common.sh"
IDLE=${IDLE:-2}
RUNS=${RUNS:-3}

# rss READY CMD...: "VmRSS VmHWM" of CMD after it printed READY and
# stayed $IDLE seconds; "- -" if it never got ready
rss() {
	local ready=$1 r
	shift
	if ! start_tracer "$ready" "$tmp/out" "$@"; then
		echo "- -"
		return
	fi
	sleep "$IDLE"
	r=$(awk '/^VmRSS:/ { r = $2 } /^VmHWM:/ { h = $2 }
		 END { print r, h }' "/proc/$tracer_pid/status")
	stop_tracer
	echo "$r"
}

# row NAME READY CMD...: the medians of $RUNS runs
row() {
	local name=$1 i
	shift
	for i in $(seq "$RUNS"); do rss "$@"; done > "$tmp/runs"
	printf '  %-84s %8s %8s\n' "$name" \
	       "$(cut -d' ' -f1 < "$tmp/runs" | median)" \
	       "$(cut -d' ' -f2 < "$tmp/runs" | median)"
}

have_bpftrace=false
command -v bpftrace > /dev/null && have_bpftrace=true

# script: D for dtrace, then bpftrace's equivalent
scripts=(
	'syscall::read:entry { @[execname] = count(); }'
	'tracepoint:syscalls:sys_enter_read { @[comm] = count(); }'
	'syscall:::entry { @[probefunc] = count(); }'
	'tracepoint:raw_syscalls:sys_enter { @[args->id] = count(); }'
	'syscall::read:entry { @ = quantize(arg2); }'
	'tracepoint:syscalls:sys_enter_read { @ = hist(args->count); }'
	'syscall::write:entry /pid == 1/ { printf("%d\n", arg2); }'
	'tracepoint:syscalls:sys_enter_write /pid == 1/ { printf("%d\n", args->count); }'
	'profile-97 { @[stack()] = count(); }'
	'profile:hz:97 { @[kstack] = count(); }'
)

echo "resident memory, idle ${IDLE} s after attaching (kB, median of $RUNS)"
printf '  %-84s %8s %8s\n' "" VmRSS VmHWM
for ((i = 0; i < ${#scripts[@]}; i += 2)); do
	row "dtrace ${scripts[i]}" "matched" "$dtrace" -n "${scripts[i]}"
	$have_bpftrace && row "bpftrace ${scripts[i + 1]}" "Attaching" \
		bpftrace -e "${scripts[i + 1]}"
done
