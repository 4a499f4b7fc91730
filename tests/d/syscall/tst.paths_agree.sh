#!/bin/bash
#
# A syscall probe's output is the same on each attachment: per-syscall
# perf-event tracepoints (the default for a few probes), the sys_enter/
# sys_exit raw tracepoints (BDTRACE_SYSCALL_RAW, the default for many)
# and the perf path of kernels without the raw one
# (BDTRACE_SYSCALL_PERF).  A failed openat: its arguments, -ENOENT
# returned in arg0 and arg1, errno ENOENT.
dtrace=$1
"$BDT_WORKLOAD" -n bdt-paths open /nonexistent/bdtrace &
wl=$!
for path in default BDTRACE_SYSCALL_RAW BDTRACE_SYSCALL_PERF; do
	echo "$path:"
	if [ "$path" = default ]; then
		"$dtrace" -s tests/d/syscall/paths.d
	else
		env "$path=1" "$dtrace" -s tests/d/syscall/paths.d
	fi | sed '/^$/d'
done
kill $wl
