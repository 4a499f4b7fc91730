#!/bin/bash
#
# stack(), stackdepth and caller while another tracer is attached to the
# same tracepoint.  With more than one program on a tracepoint the kernel
# calls them through __traceiter_EVENT, one more frame of the tracing
# machinery than with one; bdtrace drops those frames by name, so the
# stack starts at the traced code either way and caller is the second
# frame stack() shows.  Run for the raw sys_enter path, the perf
# syscall path (BDTRACE_SYSCALL_PERF) and an sdt tracepoint; the depth is
# compared with a run without the second tracer.

dtrace=$1
tmp=$(mktemp -d /tmp/bdt-shared.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

# the probe's output: caller, the top two frames, the depth, as a key too
trace() {
	"$dtrace" -qs /dev/stdin -c "$BDT_WORKLOAD -n bdt-shared calls" <<D
$1
/pid == \$target/
{
	printf("%a\n", caller);
	stack(2);
	printf("%d\n", stackdepth);
	@[stack(2)] = count();
	exit(0);
}
D
}

# start a second tracer on the same tracepoint; wait until it is attached
background() {
	"$dtrace" -qn 'syscall::getppid:entry, sdt:syscalls::sys_enter_getppid
	    { @ = count(); }
	    BEGIN { printf("ready\n"); }' >"$tmp/bg" 2>&1 &
	bg=$!
	for _ in $(seq 100); do
		grep -q ready "$tmp/bg" && return
		sleep 0.1
	done
	echo "background tracer not ready"
}

check() {
	local alone shared
	alone=$(trace "$1" | sed 's/+0x[0-9a-f]*/+OFF/')
	background
	shared=$(trace "$1" | sed 's/+0x[0-9a-f]*/+OFF/')
	kill "$bg"
	wait "$bg" 2>/dev/null
	echo "$shared" | sed '/^[0-9]*$/d'
	[ "$alone" = "$shared" ] && echo same || echo "differs: $alone"
}

echo "== raw"
check 'syscall::getppid:entry'
echo "== perf"
BDTRACE_SYSCALL_PERF=1 check 'syscall::getppid:entry'
echo "== sdt"
check 'sdt:syscalls::sys_enter_getppid'
