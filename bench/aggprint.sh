#!/bin/bash
#
# bench/aggprint.sh DTRACE: the time to print a big aggregation at exit
# (as root).  dtrace keys @[timestamp] = count() on bench/pairloop's
# getppid calls ($KEYS of them, distinct keys), then gets SIGINT; the
# figure is the wall time from the signal to dtrace's exit (reading the
# per-CPU map, merging, sorting, printing to a file), median of $RUNS.
# Goal: 1,000,000 keys in under 0.5 s.

. "$(dirname "$0")/common.sh"
KEYS=${KEYS:-1000000}
RUNS=${RUNS:-3}

. "$(dirname "$0")/pairs.sh"	# builds $pairloop

once() {
	local t0 t1
	start_tracer ready "$tmp/out" "$dtrace" -q -x aggsize=64m \
		-n 'syscall::getppid:entry /execname == "pairloop"/
		    { @[timestamp] = count(); }' \
		-n 'BEGIN { printf("ready\n"); }' || return 1
	"$pairloop" "$KEYS" > /dev/null
	t0=$(date +%s%N)
	kill -INT "$tracer_pid"
	wait "$tracer_pid"
	t1=$(date +%s%N)
	echo "$(( (t1 - t0) / 1000000 )) $(grep -c '^ ' "$tmp/out")"
}

echo "print $KEYS keys at exit (median of $RUNS, ms; keys printed)"
for i in $(seq "$RUNS"); do once; done > "$tmp/runs"
cat "$tmp/runs" | sed 's/^/  run: /'
echo "  median: $(cut -d' ' -f1 < "$tmp/runs" | median) ms   (goal: under 500)"
