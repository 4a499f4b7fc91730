#!/bin/bash
#
# exit() ends tracing at once by default; with statusrate given, at the
# next status check, as DTrace notices it (END then fires): here a check
# every 2 s, so an exit() 0.3 s in ends tracing about 2 s in.

dtrace=$1
for opt in "" "-x statusrate=2s"; do
	start=$(date +%s%N)
	"$dtrace" -q $opt -n 'tick-300ms { exit(0); } END { printf("end\n"); }'
	ms=$((($(date +%s%N) - start) / 1000000))
	if [ "$ms" -ge 1900 ]; then echo "${opt:-default}: at the check"
	else echo "${opt:-default}: at once"; fi
done
