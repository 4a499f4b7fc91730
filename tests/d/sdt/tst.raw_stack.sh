#!/bin/bash
#
# stack() on sdt probes of a glob (one program per tracepoint, so that
# each one's tracing machinery is known by name): no frame of it shows.
dtrace=$1
"$BDT_WORKLOAD" exec /bin/true &
wl=$!
"$dtrace" -qn 'sdt:sched::sched_process_e* /execname == "true"/ { stack(); exit(0); }' |
	awk 'NF { n++; if (n == 1 && $1 ~ /bpf|trace|raw_tp|perf_/) bad++ }
	     END { print (n > 1 ? "frames" : "no frames"), bad + 0, "bad" }'
kill $wl
