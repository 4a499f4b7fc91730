#!/bin/bash
#
# bench/aggprint.sh DTRACE: the time to print a big aggregation at exit
# (as root).  dtrace keys @[timestamp] = count() on bench/pairloop's
# getppid calls ($KEYS of them, distinct keys), then gets SIGINT; the
# figure is the wall time from the signal to dtrace's exit (reading the
# per-CPU map, merging, sorting, printing to a file), median of $RUNS;
# with perf(1) installed, also dtrace's own CPU time and page faults
# from the signal to its exit (`perf stat -p`), which a loaded machine
# does not inflate as it does the wall time.
# Goal: 1,000,000 keys in under 0.5 s.

. "$(dirname "$0")/common.sh"
KEYS=${KEYS:-1000000}
RUNS=${RUNS:-3}

. "$(dirname "$0")/pairs.sh"	# builds $pairloop
# under a name of its own: another benchmark's pairloop running
# meanwhile adds no keys
loop=$tmp/aggprintloop
cp "$pairloop" "$loop"

once() {
	local t0 t1
	start_tracer ready "$tmp/out" "$dtrace" -q -x aggsize=64m \
		-n 'syscall::getppid:entry /execname == "aggprintloop"/
		    { @[timestamp] = count(); }' \
		-n 'BEGIN { printf("ready\n"); }' || return 1
	"$loop" "$KEYS" > /dev/null
	local stat=
	if $have_perf; then
		perf stat -x, -e task-clock,page-faults -p "$tracer_pid" \
			-o "$tmp/stat" 2> /dev/null &
		stat=$!
		sleep 0.5	# perf attached
	fi
	t0=$(date +%s%N)
	kill -INT "$tracer_pid"
	wait "$tracer_pid"
	t1=$(date +%s%N)
	[ -n "$stat" ] && wait "$stat"
	local cpu=- faults=-
	if [ -n "$stat" ]; then
		cpu=$(awk -F, '$3 == "task-clock" { printf "%d", $1 }' "$tmp/stat")
		faults=$(awk -F, '$3 == "page-faults" { print $1 }' "$tmp/stat")
	fi
	echo "$(( (t1 - t0) / 1000000 )) ${cpu:--} ${faults:--} $(grep -c '^ ' "$tmp/out")"
}

have_perf=false
command -v perf > /dev/null && have_perf=true
echo "print $KEYS keys at exit (median of $RUNS; wall ms, dtrace's CPU ms, page faults, keys printed)"
for i in $(seq "$RUNS"); do once; done > "$tmp/runs"
cat "$tmp/runs" | sed 's/^/  run: /'
echo "  median: $(cut -d' ' -f1 < "$tmp/runs" | median) ms wall, $(cut -d' ' -f2 < "$tmp/runs" | median) ms CPU   (goal: under 500)"
