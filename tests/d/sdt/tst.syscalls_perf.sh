#!/bin/bash
#
# The same on perf-event tracepoints (BDTRACE_SYSCALL_PERF forces them,
# as on kernels without the raw path): the records' own fields.
dtrace=$1
"$BDT_WORKLOAD" -n bdt-sdt open /etc/hostname &
wl=$!
BDTRACE_SYSCALL_PERF=1 "$dtrace" -s tests/d/sdt/tst.syscalls_raw.d
kill $wl
