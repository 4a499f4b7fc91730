# bench/pairs.sh: sourced after common.sh by the scripts that measure
# what a tracer adds to a system call (unprobed.sh, keys.sh, stacks.sh).  Builds
# bench/pairloop, which alternates blocks of getpid() and getppid()
# calls ($CALLS of each) on $LOAD_CPU and prints each call's mean cost
# in thread-CPU ns, and defines measure (every traced run compared with
# the untraced runs around it, the tracers taking turns for $REPS
# rounds), cost and row.  The tracer functions given to measure start
# a tracer (start_tracer, on $TRACER_CPU) and fail if it cannot run.

CALLS=${CALLS:-2000000}
REPS=${REPS:-7}
TRACER_CPU=${TRACER_CPU:-0}
LOAD_CPU=${LOAD_CPU:-1}

pairloop=$build/bench/pairloop
if [ ! -x "$pairloop" ] || [ "$here/pairloop.c" -nt "$pairloop" ]; then
	cc $warn -o "$pairloop" "$here/pairloop.c" || exit 1
fi

# pair_dtrace DTRACE PROGRAM, pair_bpftrace PROGRAM: the tracer running
# PROGRAM, started on $TRACER_CPU and waited for (its output shows that
# it is attached); fails if it cannot run
pair_dtrace() {
	start_tracer ready "$tmp/tracer.out" taskset -c "$TRACER_CPU" \
		"$1" -q -n "$2" -n 'BEGIN { printf("ready\n"); }'
}
pair_bpftrace() {
	start_tracer Attaching "$tmp/tracer.out" taskset -c "$TRACER_CPU" \
		bpftrace -e "$1"
}

bare() {
	taskset -c "$LOAD_CPU" "$pairloop" "$CALLS"
}

# measure TRACER...: $REPS rounds, each running every TRACER in turn
# (so that the machine's drift reaches them alike); each traced run is
# compared with the mean of the untraced runs just before and after it.
# $tmp/TRACER gets one "UNPROBED PROBED" line per round.
measure() {
	local i t before after traced
	before=$(bare)
	for t in "$@"; do : > "$tmp/$t"; done
	for i in $(seq "$REPS"); do
		for t in "$@"; do
			if ! "$t"; then
				sed 's/^/    | /' "$tmp/tracer.out" | head -n 5 >&2
				continue
			fi
			traced=$(bare)
			stop_tracer
			after=$(bare)
			echo "$before $after $traced" | awk '{
				printf "%.2f %.2f\n", $5 - ($1 + $3) / 2,
				    $6 - ($2 + $4) / 2 }' >> "$tmp/$t"
			before=$after
		done
	done
}

# cost TRACER: "UNPROBED PROBED", the medians, "- -" if it never ran
cost() {
	echo "$(cut -d' ' -f1 < "$tmp/$1" | median)" \
	     "$(cut -d' ' -f2 < "$tmp/$1" | median)"
}

row() {
	printf '  %-44s %10s %10s\n' "$@"
}
