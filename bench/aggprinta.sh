#!/bin/bash
#
# bench/aggprinta.sh DTRACE: the cost of printa() of a big aggregation
# every second (as root).  dtrace keys @[timestamp] = count() on
# bench/pairloop's getppid calls ($KEYS of them, distinct keys); once
# they are in, a marker program's exit starts printa(@) on tick-1s,
# $PRINTS times, output to a file, then exit().  The figure is dtrace's
# own CPU time from the marker to its exit (`perf stat -p`, perf(1)
# needed) over $PRINTS: the time the consumer spends in each printa(),
# reading no records meanwhile.  Median of $RUNS.
# Goal: a small part of the second between two printa()s.

. "$(dirname "$0")/common.sh"
KEYS=${KEYS:-1000000}
RUNS=${RUNS:-3}
PRINTS=${PRINTS:-4}

. "$(dirname "$0")/pairs.sh"	# builds $pairloop
# under a name of its own: another benchmark's pairloop running
# meanwhile adds no keys
loop=$tmp/aggprintaloop
cp "$pairloop" "$loop"

if ! command -v perf > /dev/null; then
	echo "aggprinta: perf(1) is needed" >&2
	exit 1
fi
marker=$tmp/aggprinta_go
cp /bin/true "$marker"

once() {
	start_tracer ready "$tmp/out" "$dtrace" -q -x aggsize=64m \
		-n 'syscall::getppid:entry /execname == "aggprintaloop"/
		    { @[timestamp] = count(); }' \
		-n 'syscall::exit_group:entry /execname == "aggprinta_go"/
		    { go = 1; }' \
		-n "tick-1s /go/ { printa(@); n++; }
		    tick-1s /n == $PRINTS/ { exit(0); }" \
		-n 'BEGIN { printf("ready\n"); }' || return 1
	"$loop" "$KEYS" > /dev/null
	perf stat -x, -e task-clock -p "$tracer_pid" -o "$tmp/stat" \
		2> /dev/null &
	local stat=$!
	sleep 0.5	# perf attached
	"$marker"
	wait "$tracer_pid"
	wait "$stat"
	local cpu
	cpu=$(awk -F, '$3 == "task-clock" { printf "%d", $1 }' "$tmp/stat")
	echo "$(( cpu / PRINTS )) $(( $(grep -c '^ ' "$tmp/out") / PRINTS ))"
}

echo "printa() of $KEYS keys every second, $PRINTS times (median of $RUNS; dtrace's CPU ms per printa(), keys printed each)"
for i in $(seq "$RUNS"); do once; done > "$tmp/runs"
sed 's/^/  run: /' "$tmp/runs"
echo "  median: $(cut -d' ' -f1 < "$tmp/runs" | median) ms CPU per printa()"
