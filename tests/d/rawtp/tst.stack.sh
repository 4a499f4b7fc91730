#!/bin/bash
#
# stack() on a raw tracepoint starts in the kernel code that hit the
# tracepoint: no frame of the program, bpf_trace_runN, __bpf_trace_* or
# __traceiter_*.
dtrace=$1
"$BDT_WORKLOAD" exec /bin/true &
wl=$!
"$dtrace" -qn 'rawtp:sched::sched_process_exec { stack(); exit(0); }' |
	awk 'NF { n++; if (n == 1 && $1 ~ /bpf|trace|raw_tp/) bad++ }
	     END { print (n > 1 ? "frames" : "no frames"), bad + 0, "bad" }'
kill $wl
